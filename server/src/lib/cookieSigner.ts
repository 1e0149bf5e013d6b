/**
 * Cookie signatures for @fastify/cookie (its `secret` may be a signer): HMAC-SHA256 of the value,
 * in base64 without padding, after a dot — the format of the plugin's own signer, so cookies signed
 * before stay valid. The key is made once; the plugin's signer makes it from the secret text on
 * every call, which was half the cost of verifying the session cookie of each request.
 */
import type { UnsignResult } from '@fastify/cookie';
import { createHmac, createSecretKey, timingSafeEqual } from 'crypto';

const INVALID: UnsignResult = { valid: false, renew: false, value: null };

export interface CookieSigner {
  sign(value: string): string;
  unsign(input: string): UnsignResult;
}

export function cookieSigner(secret: string): CookieSigner {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64').replace(/=+$/, '');
  return {
    sign: (value) => `${value}.${mac(value)}`,
    unsign(input) {
      const dot = input.lastIndexOf('.');
      if (dot < 0) return INVALID;
      const value = input.slice(0, dot);
      const given = Buffer.from(input.slice(dot + 1));
      const expected = Buffer.from(mac(value));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;
      return { valid: true, renew: false, value };
    },
  };
}
