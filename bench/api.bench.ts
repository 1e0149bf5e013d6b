/**
 * The API under load, beside a bare Fastify server answering the same body, in the same run
 * (autocannon, 50 connections): GET /api/v1/user/getCurrent with a session, then 500 signed-in
 * sessions at once. Prints requests per second, p99 latency, errors, the server's processor time
 * per request (steadier than req/s on a shared machine) and its memory. On PostgreSQL:
 *   scripts/with-postgres.sh npm run bench:api
 *   npm run bench:api     (BENCH_SECONDS=8, BENCH_SESSIONS=500, BENCH_SESSION_SECONDS=20)
 */
import autocannon from 'autocannon';
import { spawn } from 'child_process';
import { readFileSync } from 'fs';
import { freePort } from '../tests/e2e/appServer';
import { httpClient, serverFixture } from '../tests/resilience/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const SESSION_SECONDS = Number(process.env.BENCH_SESSION_SECONDS ?? 20);

type Request = { path: string; headers?: Record<string, string> };

/** Runs a load; every answer must be `expected` exactly (the signed-in user, not a visitor), others are counted. */
async function load(url: string, connections: number, duration: number, requests: Request[], expected: string) {
  let next = 0;
  let wrongBodies = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    // each connection keeps one request (one session) of the list, as one browser would
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: { request?: Request }) => ({ ...req, ...(context.request ??= requests[next++ % requests.length]) }),
        onResponse: (_status: number, body: string) => {
          if (body !== expected) wrongBodies += 1;
        },
      },
    ],
  });
  return Object.assign(result, { wrongBodies });
}

/** A process's processor time so far (user and system), in milliseconds (Linux). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

/** Runs a load and measures the server process's processor time per request. */
async function measured(pid: number, run: () => ReturnType<typeof load>) {
  const before = cpuMs(pid);
  const result = await run();
  return { result, cpuUsPerRequest: ((cpuMs(pid) - before) * 1000) / result.requests.total };
}

const line = (name: string, { result: r, cpuUsPerRequest }: Awaited<ReturnType<typeof measured>>) =>
  `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors} (timeouts ${r.timeouts})   non-2xx ${r.non2xx}   wrong body ${r.wrongBodies}   ${Math.round(cpuUsPerRequest)} µs CPU/request`;

async function main() {
  const server = await serverFixture({ LOG_LEVEL: 'warn' });
  const { url, child } = await server.start();
  const serverPid = child.pid!;
  const demo = httpClient(url);
  await demo.login();
  const body = (await demo.get('/api/v1/user/getCurrent')).body;
  if (!body.result) throw new Error('the demo user is not signed in');
  const text = JSON.stringify(body);

  const barePort = await freePort();
  const bare = spawn(process.execPath, ['bench/bareServer.cjs'], {
    env: { ...process.env, PORT: String(barePort), BARE_BODY: text },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => bare.stdout!.once('data', resolve));

  try {
    const signedIn = await sessionsOf(url, 1);
    console.log(
      `getCurrent with a session vs a bare Fastify route (50 connections, ${SECONDS} s each), ${/^postgres/.test(process.env.TEST_DATABASE_URL ?? '') ? 'PostgreSQL' : 'SQLite'}`,
    );
    const peer = await measured(bare.pid!, () => load(`http://127.0.0.1:${barePort}`, 50, SECONDS, [{ path: '/bare' }], text));
    const ours = await measured(serverPid, () => load(url, 50, SECONDS, [{ path: '/api/v1/user/getCurrent', headers: { cookie: signedIn[0] } }], text));
    console.log(line('bare Fastify route', peer));
    console.log(line('getCurrent (signed in)', ours));
    console.log(
      `ratio: ${(ours.result.requests.average / peer.result.requests.average).toFixed(2)} of the bare route's throughput; it costs ${(ours.cpuUsPerRequest / peer.cpuUsPerRequest).toFixed(2)}× the bare route's processor time per request`,
    );

    const many = await sessionsOf(url, SESSIONS);
    const before = server.rss();
    const crowd = await measured(serverPid, () =>
      load(
        url,
        SESSIONS,
        SESSION_SECONDS,
        many.map((c) => ({ path: '/api/v1/user/getCurrent', headers: { cookie: c } })),
        text,
      ),
    );
    console.log(`${SESSIONS} sessions at once for ${SESSION_SECONDS} s:`);
    console.log(line('getCurrent, each its own session', crowd));
    console.log(`server memory ${(before / 1048576).toFixed(0)} MB before, ${(server.rss() / 1048576).toFixed(0)} MB after`);
  } finally {
    bare.kill();
    await server.close();
  }
}

/** Cookies of `count` signed-in sessions of the demo account (logins succeed, so nothing is throttled). */
async function sessionsOf(url: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${url}/api/v1/actionLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@zhinenglunwen.cn', password: 'Demo1234' }),
    });
    cookies.push(res.headers.getSetCookie()[0].split(';')[0]);
  }
  return cookies;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
