/**
 * The session cookie: a random token, signed, httpOnly, SameSite=Lax, Secure behind https. The
 * server keeps only its hash (sessions table). `request.currentUser` is the signed-in user or null.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../../common/roles';
import type { UserTable as UserRow } from '../db/types';
import { forbidden, unauthenticated } from '../lib/errors';

export const SESSION_COOKIE = 'zn_session';
/** How long a session lives: its cookie's max-age here, its row's expiry in the auth service. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * The device cookie: which account last signed in from this browser (signed, httpOnly, sent to the
 * login call only). No credential: it gives a login from here a failure budget of its own, so that
 * strangers locking the account do not lock its owner out.
 */
export const DEVICE_COOKIE = 'zn_device';
const DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;
export const LOGIN_PATH = '/api/v1/actionLogin';

/** The account and browser the request's device cookie names, if it is ours. */
export function deviceOf(request: FastifyRequest): { userId: string; id: string } | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  const [userId, id] = unsigned.valid && unsigned.value ? unsigned.value.split('.') : [];
  return userId && id ? { userId, id } : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionToken: string | undefined;
  }
}

export interface SessionOptions {
  /** the auth service, by the one call this plugin makes (plugins sit below the modules) */
  auth: { userForToken(token: string): Promise<UserRow | undefined> };
  secure: boolean;
}

export default fp<SessionOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionToken', undefined);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    request.sessionToken = unsigned.value;
    request.currentUser = (await opts.auth.userForToken(unsigned.value)) ?? null;
  });

  app.decorateReply('setSession', function (this: FastifyReply, token: string) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      signed: true,
      maxAge: SESSION_TTL_MS / 1000,
    });
  });
  app.decorateReply('setDevice', function (this: FastifyReply, device: { userId: string; id: string }) {
    this.setCookie(DEVICE_COOKIE, `${device.userId}.${device.id}`, {
      path: LOGIN_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      signed: true,
      maxAge: DEVICE_TTL_MS / 1000,
    });
  });
  app.decorateReply('clearSession', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secure });
  });
});

declare module 'fastify' {
  interface FastifyReply {
    setSession(token: string): void;
    setDevice(device: { userId: string; id: string }): void;
    clearSession(): void;
  }
}

/**
 * The guard of routes that need a signed-in user, as their onRequest hook: it runs before
 * validation, so a visitor (a session that ended) is sent to log in whatever the request holds,
 * never told that a field is wrong (docs/spec.md §6: a 401 leads to login).
 */
export async function requireUser(request: FastifyRequest) {
  if (!request.currentUser) throw unauthenticated();
}

/** The options of a route for signed-in users only: spread into its own (`{ ...signedIn, schema }`). */
export const signedIn = { onRequest: requireUser };

/**
 * The back office's guard (every /v1/admin route, as an onRequest hook of its module, so it runs
 * before validation): 401 for a visitor, 403 for an account without one of `roles`, told `refusal`.
 */
export function requireRole(roles: readonly Role[], refusal = '您没有权限访问运营后台') {
  return async (request: FastifyRequest) => {
    if (!request.currentUser) throw unauthenticated();
    if (!roles.includes(request.currentUser.role)) throw forbidden(refusal);
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthenticated();
  return request.currentUser;
}
