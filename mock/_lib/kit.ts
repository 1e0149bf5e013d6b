/**
 * What the mock files share: the shape of a request and answer as Umi's mock server (express)
 * hands them over, and the QA fault switch. Excluded from mock scanning in .umirc.ts.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden, internal, notFound, unauthenticated, type AppError } from '../../server/src/lib/errors';

/** An uploaded file as multer (Umi's mock server) hands it over. */
export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype?: string;
  buffer: Buffer;
}

export interface MockRequest {
  method: string;
  path: string;
  /** the path with its query, as received */
  originalUrl?: string;
  url?: string;
  query: Record<string, any>;
  /** parsed by Umi's mock server: JSON, a urlencoded form, or a multipart form's text fields */
  body: any;
  files?: UploadedFile[];
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

export interface MockResponse {
  status(code: number): MockResponse;
  json(body: unknown): void;
  setHeader(name: string, value: string | string[]): void;
  end(body?: Buffer): void;
  socket?: { destroy(): void } | null;
}

export type MockHandler = (req: MockRequest, res: MockResponse) => void | Promise<void>;

const FAULT_COOKIE = 'zn_mock_fault';

export function readCookie(req: MockRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  const raw = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of raw.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export const FAULTS = ['401', '403', '404', '500', 'network'] as const;
export type Fault = (typeof FAULTS)[number];

/** Each failure as the real server answers it: its own errors, so the envelopes (level included) cannot drift apart. */
const FAULT_ERRORS: Record<Exclude<Fault, 'network'>, () => AppError> = {
  '401': unauthenticated,
  '403': () => forbidden(),
  '404': () => notFound(),
  '500': internal,
};

/** The switch's cookie (readable by the page, gone after ten minutes); '' clears it. */
export function faultCookie(fault: Fault | '') {
  return `${FAULT_COOKIE}=${fault}; Path=/; SameSite=Lax; Max-Age=${fault ? 600 : 0}`;
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
    const error = FAULT_ERRORS[fault]();
    res.status(error.statusCode).json(error.toBody());
  };
}

/**
 * Where the mock keeps its app (door.ts). Umi's mock server requires the mock files afresh whenever
 * one changes: kept on `globalThis`, the app outlives a reload, and with it the database and
 * everyone's session.
 */
export const kept = globalThis as typeof globalThis & { __znMockApp?: Promise<FastifyInstance> };

/** Closes the mock's app if one was built: a test file's process then ends once its tests have run. */
export async function closeMockApp() {
  const app = kept.__znMockApp;
  delete kept.__znMockApp;
  if (app) await (await app).close();
}
