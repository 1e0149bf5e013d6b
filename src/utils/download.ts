/**
 * A file the API hands out (a report's PDF), fetched through the request layer and saved from
 * memory: the page stays as it is whatever happens. A plain link would put the browser's own error
 * page in place of the app when offline, and the API's JSON when the login has ended.
 */
import { message } from 'antd';
import { request } from 'umi';
import { handleRequestError, isNoResponse, isNotLoggedIn, refusalOf, type HttpErrorLike } from './errorHandler';

/** The name the server gave the file (`filename*=UTF-8''…` first, then `filename="…"`), if any. */
export function fileNameOf(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed name: the plain one, or the caller's
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain?.[1].trim() || undefined;
}

/** A refusal read as a file is still our JSON envelope: read it back so that its words can be shown. */
async function readEnvelope(error: unknown) {
  const response = (error as HttpErrorLike | undefined)?.response;
  if (!response || typeof Blob === 'undefined' || !(response.data instanceof Blob)) return;
  try {
    response.data = JSON.parse(await response.data.text());
  } catch {
    // not JSON (a proxy's page): there are no words of ours to show
  }
}

/** Hands `data` to the browser as a download named `fileName`, without leaving the page. */
function save(data: BlobPart, type: string, fileName: string) {
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser has taken the file by the next turn; the memory is given back a little later
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads `url` (under the API prefix, as every call) as a file. Answers whether it was saved.
 * A login that has ended goes to the login page as any call's does (docs/spec.md §8); no answer
 * at all gets the 网络异常 notice; any other failure is said in a message naming `what`.
 */
export async function downloadFile(url: string, what: string, fallbackName: string): Promise<boolean> {
  try {
    const response: { data: BlobPart; headers: Record<string, string | undefined> } = await request(url, {
      method: 'GET',
      responseType: 'blob',
      getResponse: true,
      skipErrorHandler: true,
      // a long report takes a while to be drawn
      timeout: 120_000,
    });
    save(response.data, response.headers['content-type'] || 'application/octet-stream', fileNameOf(response.headers['content-disposition']) || fallbackName);
    return true;
  } catch (error) {
    await readEnvelope(error);
    if (isNotLoggedIn(error)) handleRequestError(error);
    // the request layer has already shown the 网络异常 notice
    else if (!isNoResponse(error)) message.error(`${what}没有下载成功：${refusalOf(error) || '服务器暂时出了问题，请稍后再试。'}`);
    return false;
  }
}
