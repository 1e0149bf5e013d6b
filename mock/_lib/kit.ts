/**
 * Helpers shared by the mock files: an in-memory session store, the response envelope of the
 * real API, and the QA fault switch. Excluded from mock scanning in .umirc.ts.
 */
import { randomBytes } from 'crypto';
import { failure, ShowType, type ErrorCode } from '../../common/api';

/** The API's failure envelope, as the mock's handlers write it. */
export { failure };

export interface MockRequest {
  method: string;
  path: string;
  query: Record<string, any>;
  body: any;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

export interface MockResponse {
  status(code: number): MockResponse;
  json(body: unknown): void;
  setHeader(name: string, value: string | string[]): void;
  end(): void;
  socket?: { destroy(): void } | null;
}

export type MockHandler = (req: MockRequest, res: MockResponse) => void;

export const SESSION_COOKIE = 'zn_session';
const FAULT_COOKIE = 'zn_mock_fault';

export const ok = <T>(result: T) => ({ success: true as const, result });

export function readCookie(req: MockRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  const raw = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of raw.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function cookieHeader(name: string, value: string, maxAgeSeconds?: number) {
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${age}`;
}

/** Session id → user id, like the real server's session rows. */
const sessions = new Map<string, string>();

/** Ends a user's sessions, all or all but the request's own (password reset / change). */
export function endAllSessions(userId: string, keep?: MockRequest) {
  const kept = keep ? readCookie(keep, SESSION_COOKIE) : undefined;
  for (const [id, owner] of sessions) if (owner === userId && id !== kept) sessions.delete(id);
}

export function startSession(res: MockResponse, userId: string) {
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, userId);
  res.setHeader('Set-Cookie', cookieHeader(SESSION_COOKIE, id));
}

export function sessionUserId(req: MockRequest): string | undefined {
  const id = readCookie(req, SESSION_COOKIE);
  return id ? sessions.get(id) : undefined;
}

/** The signed-in user's id, or a 401 answer (as the real API gives) and undefined. */
export function requireSession(req: MockRequest, res: MockResponse): string | undefined {
  const userId = sessionUserId(req);
  if (!userId) res.status(401).json(failure('请先登录', 'UNAUTHENTICATED', ShowType.REDIRECT));
  return userId;
}

export function endSession(req: MockRequest, res: MockResponse) {
  const id = readCookie(req, SESSION_COOKIE);
  if (id) sessions.delete(id);
  res.setHeader('Set-Cookie', cookieHeader(SESSION_COOKIE, '', 0));
}

export const FAULTS = ['401', '403', '404', '500', 'network'] as const;
export type Fault = (typeof FAULTS)[number];

const FAULT_TEXT: Record<Exclude<Fault, 'network'>, [string, ErrorCode]> = {
  '401': ['请先登录', 'UNAUTHENTICATED'],
  '403': ['您无权访问这条记录', 'FORBIDDEN'],
  '404': ['没有找到这条记录', 'NOT_FOUND'],
  '500': ['服务器开小差了，请稍后再试', 'INTERNAL'],
};

export function faultCookie(fault: Fault | '') {
  return cookieHeader(FAULT_COOKIE, fault, fault ? 600 : 0).replace('; HttpOnly', '');
}

/**
 * Wraps a mock handler with the QA fault switch: while the zn_mock_fault cookie is set (see
 * mock/qa.ts), every API call answers with that failure instead, the way the real server would.
 */
export function withFault(handler: MockHandler): MockHandler {
  return (req, res) => {
    const fault = readCookie(req, FAULT_COOKIE) as Fault | undefined;
    if (!fault || !FAULTS.includes(fault)) return handler(req, res);
    if (fault === 'network') {
      res.socket?.destroy();
      return;
    }
    const [message, code] = FAULT_TEXT[fault];
    res.status(Number(fault)).json(failure(message, code));
  };
}
