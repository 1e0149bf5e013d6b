import type { FormInstance } from 'antd';
import { bodyOfError, handleRequestError } from './errorHandler';

/**
 * Runs a form's call. Field problems from the server (422 `errors`) go beside their fields; every
 * other failure goes to the common handler (redirects, messages, the network notice). Returns
 * undefined when the call failed.
 */
export async function submitForm<T>(form: FormInstance | undefined, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    const body = bodyOfError(error);
    if (body?.errors && form) {
      form.setFields(Object.entries(body.errors).map(([name, message]) => ({ name, errors: [message] })));
    } else {
      handleRequestError(error);
    }
    return undefined;
  }
}
