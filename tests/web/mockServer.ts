/**
 * Runs the app's requests against the Umi mock server's own handlers (mock/*.ts), in process:
 * an axios adapter that routes each request to the handler QA would hit (the QA routes, else the
 * door to the real server), handed over as Umi's mock server hands it (multer's files), with a
 * cookie jar. Tests may put a handler in front (`server.use`) to provoke a failure.
 */
import { dirname } from 'path';
import type { MockHandler, MockRequest } from '../../mock/_lib/kit';
import qaMocks from '../../mock/qa';
import serverMocks from '../../mock/server';

/** What the adapter reads of a request (axios' own types live in Umi's private copy). */
interface InternalAxiosRequestConfig {
  url?: string;
  baseURL?: string;
  method?: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, unknown>;
  withCredentials?: boolean;
  validateStatus?: ((status: number) => boolean) | null;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
}
type AxiosAdapter = (config: InternalAxiosRequestConfig) => Promise<unknown>;

/** The axios copy Umi's request plugin uses: the one whose defaults must carry the adapter. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path resolved at run time, not a module name
export const axios = require(require.resolve('axios', { paths: [dirname(require.resolve('@umijs/plugins/package.json'))] }));
const { AxiosError } = axios as { AxiosError: any };

type Routes = Record<string, MockHandler>;
// in Umi's order: mock/qa.ts before mock/server.ts
const baseRoutes: Routes = { ...qaMocks, ...serverMocks } as Routes;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  withCredentials?: boolean;
  contentType?: string;
}

function compile(key: string) {
  const [method, pattern] = key.split(' ');
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, re: new RegExp(`^${source}$`), names };
}

/** A multipart body's files, as Umi's mock server hands them to handlers (multer's shape). */
async function filesOf(data: unknown) {
  if (!(data instanceof FormData)) return undefined;
  const read = (file: File) =>
    // Node's File reads itself; jsdom's needs a FileReader
    typeof FileReader === 'undefined'
      ? file.arrayBuffer().then(Buffer.from)
      : new Promise<Buffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
          reader.onerror = () => reject(reader.error);
          reader.readAsArrayBuffer(file);
        });
  const files = [...data.entries()].filter((entry): entry is [string, File] => typeof entry[1] !== 'string');
  return Promise.all(files.map(async ([fieldname, file]) => ({ fieldname, originalname: file.name, mimetype: file.type, buffer: await read(file) })));
}

export function createMockServer() {
  let overrides: Routes = {};
  const jar = new Map<string, string>();
  const requests: RecordedRequest[] = [];

  const dispatch = (method: string, path: string) => {
    for (const [key, handler] of [...Object.entries(overrides), ...Object.entries(baseRoutes)]) {
      const route = compile(key);
      const match = route.method === method && route.re.exec(path);
      if (match) {
        const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
        return { handler, params };
      }
    }
    return undefined;
  };

  const storeCookies = (header: string | string[]) => {
    for (const line of [header].flat()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attributes.some((attr) => /^(max-age=0|expires=thu, 01 jan 1970)/.test(attr.trim().toLowerCase()));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value.join('='));
    }
  };

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const files = await filesOf(config.data);
    // a file's bytes are all sent before the server answers, as the browser reports them
    const sent = files?.reduce((sum, file) => sum + file.buffer.length, 0);
    if (sent !== undefined) config.onUploadProgress?.({ loaded: sent, total: sent });
    return new Promise((resolve, reject) => {
      const url = new URL(`${config.baseURL ?? ''}${config.url ?? ''}`, 'http://localhost');
      for (const [key, value] of Object.entries(config.params ?? {})) url.searchParams.set(key, String(value));
      const method = (config.method ?? 'get').toUpperCase();
      const contentType = String(config.headers?.['Content-Type'] ?? config.headers?.['content-type'] ?? '');
      let body: unknown = config.data;
      if (typeof body === 'string' && contentType.includes('json')) body = JSON.parse(body);
      // multipart: the text fields as the body, the files apart (as multer hands them over)
      if (body instanceof FormData) body = Object.fromEntries([...body.entries()].filter((entry) => typeof entry[1] === 'string'));
      if (body instanceof URLSearchParams || (typeof body === 'string' && contentType.includes('urlencoded'))) {
        body = Object.fromEntries(new URLSearchParams(String(body)));
      }
      const query = Object.fromEntries(url.searchParams);
      requests.push({ method, path: url.pathname, query, body, withCredentials: config.withCredentials, contentType });

      const request = { path: url.pathname };
      const found = dispatch(method, url.pathname);
      if (!found) {
        const response = { data: 'Not Found', status: 404, statusText: 'Not Found', headers: {}, config, request };
        reject(new AxiosError('Request failed with status code 404', AxiosError.ERR_BAD_REQUEST, config, request, response));
        return;
      }
      const req: MockRequest = {
        method,
        path: url.pathname,
        originalUrl: `${url.pathname}${url.search}`,
        query,
        body,
        params: found.params,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(contentType && !files ? { 'content-type': contentType } : {}),
          ...(files ? { 'content-type': 'multipart/form-data' } : {}),
        },
        ...(files ? { files } : {}),
      } as MockRequest;
      let status = 200;
      const headers: Record<string, string> = {};
      const res = {
        status(code: number) {
          status = code;
          return res;
        },
        setHeader(name: string, value: string | string[]) {
          if (name.toLowerCase() === 'set-cookie') storeCookies(value);
          else headers[name.toLowerCase()] = String(value);
        },
        json(data: unknown) {
          const response = { data, status, statusText: String(status), headers, config, request };
          if (config.validateStatus ? config.validateStatus(status) : status < 400) resolve(response);
          else reject(new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, request, response));
        },
        /** an answer's bytes as sent: JSON read as the browser reads it, else a file's bytes */
        end(body?: Buffer) {
          const json = /json/.test(headers['content-type'] ?? '') && body?.length;
          res.json(json ? JSON.parse(body.toString('utf8')) : (body ?? ''));
        },
        socket: {
          destroy() {
            reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, request));
          },
        },
      };
      found.handler(req, res);
    });
  };

  return {
    adapter,
    requests,
    cookies: jar,
    /** Puts handlers in front of the mock files' own, until reset. */
    use(routes: Routes) {
      overrides = { ...overrides, ...routes };
    },
    reset() {
      overrides = {};
      jar.clear();
      requests.length = 0;
    },
    /** Routes every axios instance created from now on through this server. */
    listen() {
      axios.defaults.adapter = adapter;
    },
  };
}

export const server = createMockServer();
