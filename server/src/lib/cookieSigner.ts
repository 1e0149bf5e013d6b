/**
 * Cookie signatures for @fastify/cookie (its `secret` may be a signer): HMAC-SHA256 of the value,
 * in base64 without padding, after a dot — the format of the plugin's own signer, so cookies signed
 * before stay valid. The key is made once; the plugin's signer makes it from the secret text on
 * every call, which was half the cost of verifying the session cookie of each request. Cookies
 * found valid are remembered (a bounded number, the oldest forgotten first), since a browser sends
 * the same cookie on every request; an input is valid only if it is exactly one checked before.
 */
import type { UnsignResult } from '@fastify/cookie';
import { createHmac, createSecretKey, timingSafeEqual } from 'crypto';

const INVALID: UnsignResult = { valid: false, renew: false, value: null };
const REMEMBERED_COOKIES = 10_000;

export interface CookieSigner {
  sign(value: string): string;
  unsign(input: string): UnsignResult;
}

export function cookieSigner(secret: string): CookieSigner {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64').replace(/=+$/, '');
  const valid = new Map<string, UnsignResult>();
  return {
    sign: (value) => `${value}.${mac(value)}`,
    unsign(input) {
      const known = valid.get(input);
      if (known) return known;
      const dot = input.lastIndexOf('.');
      if (dot < 0) return INVALID;
      const value = input.slice(0, dot);
      const given = Buffer.from(input.slice(dot + 1));
      const expected = Buffer.from(mac(value));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;
      const result: UnsignResult = Object.freeze({ valid: true, renew: false, value });
      if (valid.size >= REMEMBERED_COOKIES) valid.delete(valid.keys().next().value!);
      valid.set(input, result);
      return result;
    },
  };
}
