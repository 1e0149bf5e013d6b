import { createHash, randomBytes, randomInt } from 'crypto';

/** A non-guessable id for URLs and rows: 128 random bits, URL-safe. */
export const newId = () => randomBytes(16).toString('base64url');

/** A session token for the cookie: 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A six-digit code, uniformly random. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
