"""One warm LibreOffice for the typesetting (office.ts starts one per engine): starts soffice with
its own profile, listening on a pipe, and converts documents through the UNO bridge on request, so
LibreOffice is started once instead of once per conversion (docs/decisions.md, "A warm layout
engine"). Run with Debian's python3 (python3-uno).

  argv: the profile folder, the pipe's name
  stdin: one request a line, {"id": 1, "input": "a.docx", "output": "a.pdf"}, and to have the
         watermarked pages too, "watermark": {"text": "…", "font": "宋体", "output": "b.pdf"};
         with "contents": {"levels": 2} the answer has the page each heading of the contents starts
         on ("output" may then be left out: the document is laid out but not exported)
  stdout: {"ready": true, "pid": <soffice's process group>} once, then one answer a line per request:
          {"id": 1, "ok": true, "contents": ["1", "3", …]} or
          {"id": 1, "error": "...", "fatal": true|false}
A fatal error (LibreOffice gone) ends this process after its answer; so does the end of stdin.
"""
import functools
import json
import os
import signal
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

profile, pipe = sys.argv[1], sys.argv[2]


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


office = subprocess.Popen(
    ["soffice", "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
     "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
     "--accept=pipe,name=%s;urp;" % pipe],
    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    # its own process group: soffice is a script that starts soffice.bin, and both are stopped together
    start_new_session=True)


def stop(code, *_):
    try:
        os.killpg(office.pid, signal.SIGKILL)
    except OSError:
        pass
    sys.exit(code)


signal.signal(signal.SIGTERM, stop)


def alive():
    # soffice.bin runs on in the group after the script that started it
    try:
        os.killpg(office.pid, 0)
        return True
    except OSError:
        return False


local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
desktop = None
# a first start makes the profile: up to a minute on a busy machine
deadline = time.time() + 120
while desktop is None:
    try:
        context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    except Exception:
        if not alive() or time.time() > deadline:
            answer({"ready": False, "error": "LibreOffice did not start"})
            stop(1)
        time.sleep(0.1)
answer({"ready": True, "pid": office.pid})

ARABIC, ROMAN_UPPER, ROMAN_LOWER = 4, 2, 3  # com.sun.star.style.NumberingType
ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
         (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def label(number, numbering):
    if numbering not in (ROMAN_UPPER, ROMAN_LOWER):
        return str(number)
    text = ""
    for value, letters in ROMAN:
        while number >= value:
            text, number = text + letters, number - value
    return text if numbering == ROMAN_UPPER else text.lower()


def contents_pages(document, levels):
    """The page number (as its footer shows it) each heading of the contents starts on, in order.

    Asked of the laid-out document instead of read back from an exported PDF: the draft needs no
    PDF at all. The contents list the body's headings, one section whose numbers start where its
    first paragraph with a page style of its own (the section break) says."""
    view = document.getCurrentController().getViewCursor()
    text = document.getText()
    found = []
    for level in range(1, levels + 1):
        search = document.createSearchDescriptor()
        search.SearchStyles = True
        search.SearchString = "Heading %d" % level
        hits = document.findAll(search)
        for i in range(hits.getCount()):
            start = hits.getByIndex(i).getStart()
            view.gotoRange(start, False)
            found.append((view.getPage(), start))
    if not found:
        return []
    # headings of one page in their order in the text (compareRegionStarts: 1 when the first comes first)
    found.sort(key=functools.cmp_to_key(
        lambda a, b: a[0] - b[0] if a[0] != b[0] else -text.compareRegionStarts(a[1], b[1])))
    view.gotoRange(found[0][1], False)
    numbering = document.getStyleFamilies().getByName("PageStyles").getByName(view.PageStyleName).NumberingType
    cursor = text.createTextCursorByRange(found[0][1])
    while not cursor.PageDescName and cursor.gotoPreviousParagraph(False):
        pass
    offset = cursor.PageNumberOffset if cursor.PageDescName else None
    view.gotoRange(cursor.getStart(), False)
    first = view.getPage()
    return [label(page - first + offset if offset else page, numbering) for page, _ in found]

for line in sys.stdin:
    request = json.loads(line)
    document = None
    try:
        document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0,
                                                (prop("Hidden", True), prop("ReadOnly", True)))
        if document is None:
            raise RuntimeError("LibreOffice could not open the document")
        reply = {"id": request["id"], "ok": True}
        if request.get("output"):
            document.storeToURL(uno.systemPathToFileUrl(request["output"]), (prop("FilterName", "writer_pdf_Export"),))
        mark = request.get("watermark")
        if mark:
            # the same pages again with a diagonal grey watermark across each (the preview): no
            # second layout
            options = uno.Any("[]com.sun.star.beans.PropertyValue", (
                prop("Watermark", mark["text"]), prop("WatermarkColor", 0xB0B0B0),
                prop("WatermarkRotateAngle", 450), prop("WatermarkFontName", mark["font"])))
            uno.invoke(document, "storeToURL", (uno.systemPathToFileUrl(mark["output"]),
                                                (prop("FilterName", "writer_pdf_Export"), prop("FilterData", options))))
        if request.get("contents"):
            reply["contents"] = contents_pages(document, request["contents"]["levels"])
        answer(reply)
    except Exception as error:  # noqa: BLE001 -- every failure is answered, the fatal ones end the engine
        # the bridge to a LibreOffice that died says so (com.sun.star.lang.DisposedException)
        fatal = not alive() or type(error).__name__.endswith(("DisposedException", "RuntimeException"))
        answer({"id": request["id"], "error": "%s: %s" % (type(error).__name__, error), "fatal": fatal})
        if fatal:
            stop(1)
    finally:
        if document is not None:
            try:
                document.close(True)
            except Exception:  # noqa: BLE001 -- a document that cannot close goes with its engine
                pass
stop(0)
