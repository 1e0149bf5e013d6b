import type { FormInstance } from 'antd';
import { message } from 'antd';
import { bodyOfError, handleRequestError, isNoResponse, STATUS_TEXT, type HttpErrorLike } from './errorHandler';

/**
 * Why a call failed, in the user's words, when the common handler does not tell them itself: it
 * only logs a 5xx (docs/spec.md §8) and its network notice names no action. Undefined when the
 * handler has answered (a message, a redirect).
 */
function untoldReason(error: unknown): string | undefined {
  if (isNoResponse(error)) return '网络异常，无法连接服务器';
  const status = (error as HttpErrorLike | undefined)?.response?.status;
  if (status === undefined) return bodyOfError(error) ? undefined : '请稍后重试';
  if (status < 500) return undefined;
  return bodyOfError(error)?.message || STATUS_TEXT[status] || '服务器发生错误，请稍后再试。';
}

/**
 * Runs a form's call. Field problems from the server (422 `errors`) go beside their fields; every
 * other failure goes to the common handler (redirects, messages, the network notice), and one the
 * handler leaves unsaid (a 5xx, no answer) is told as `failed：reason`, so no save fails silently.
 * Returns undefined when the call failed. `fields` names the form's field for an API field the form
 * asks for in other units (the API's `amountFen` is a form's amount in 元).
 */
export async function submitForm<T>(
  form: FormInstance | undefined,
  call: () => Promise<T>,
  failed = '提交失败',
  fields: Record<string, string> = {},
): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    const body = bodyOfError(error);
    if (body?.errors && form) {
      form.setFields(Object.entries(body.errors).map(([name, message]) => ({ name: fields[name] ?? name, errors: [message] })));
    } else {
      handleRequestError(error);
      const reason = untoldReason(error);
      if (reason) message.error(`${failed}：${reason}`);
    }
    return undefined;
  }
}

/** submitForm, and once the call went through, its confirmation said: the API's message, else `done`. */
export async function submitConfirmed<T extends { message?: string }>(
  form: FormInstance | undefined,
  call: () => Promise<T>,
  failed: string,
  done: string,
  fields?: Record<string, string>,
): Promise<T | undefined> {
  const answer = await submitForm(form, call, failed, fields);
  if (answer) message.success(answer.message || done);
  return answer;
}
