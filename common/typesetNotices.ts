/**
 * The typesetting's notice that the server set some of the template's fonts in open faces: the
 * server's to act on, so the preview shows it apart from the items the student is asked to check.
 */
export const FONT_SUBSTITUTION_NOTICE = '预览和 PDF 中的部分字体以相近的开源字体显示';
/** The same notice as typesettings stored before its wording changed say it. */
const EARLIER_NOTICE = '本服务器没有模板指定的部分字体';

/** Whether a typesetting's warning is the server's notice rather than an item for the student. */
export const isServerNotice = (warning: string) => warning.startsWith(FONT_SUBSTITUTION_NOTICE) || warning.startsWith(EARLIER_NOTICE);
