/** Password hashing with scrypt (Node's own, memory-hard), salted, compared in constant time. */
import { randomBytes, scrypt, timingSafeEqual } from 'crypto';

const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 };

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keylen } = PARAMS;
  const key = await derive(password, salt, N, r, p, keylen);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(N), Number(r), Number(p), expected.length);
  return timingSafeEqual(key, expected);
}

/** Spent on a login for an unknown account, so its timing matches a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('never-a-real-password-0');
  await verifyPassword(password, await dummyHash);
  return false;
}
