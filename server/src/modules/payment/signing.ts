/**
 * The signature scheme of Alipay's notifications, which the sandbox gateway uses too: the
 * parameters except `sign` and `sign_type`, with empty values left out, sorted by name, joined as
 * `k=v&k=v`, signed with RSA-SHA256 ("RSA2") and base64-encoded.
 */
import { createSign, createVerify } from 'crypto';

export type Params = Record<string, string>;

export function signingString(params: Params): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signParams(params: Params, privateKeyPem: string): Params {
  const sign = createSign('RSA-SHA256').update(signingString(params), 'utf8').sign(privateKeyPem, 'base64');
  return { ...params, sign_type: 'RSA2', sign };
}

export function verifyParams(params: Params, publicKeyPem: string): boolean {
  if (!params.sign || (params.sign_type && params.sign_type !== 'RSA2')) return false;
  try {
    return createVerify('RSA-SHA256').update(signingString(params), 'utf8').verify(publicKeyPem, params.sign, 'base64');
  } catch {
    return false;
  }
}

/** Fen as Alipay writes amounts: yuan with two decimals ("12.50"). */
export const fenToYuan = (fen: number) => (fen / 100).toFixed(2);
/** "12.50" → 1250; anything that is not such an amount → NaN. */
export const yuanToFen = (yuan: string) => (/^\d+(\.\d{1,2})?$/.test(yuan) ? Math.round(Number(yuan) * 100) : Number.NaN);
