/**
 * The app's weight and first paint, as a visitor on a cold cache gets them from `npm start`
 * (the built app served by the real server): for each main page, the JavaScript transferred over
 * the wire, everything transferred, and the largest contentful paint (headless Chromium, median of
 * 5 fresh browser contexts). The peer, measured in the same run, is the same page fetched without
 * compression (Accept-Encoding: identity), so the ratio shows what compression and splitting save.
 *
 * `--check` loads only the budgeted pages, once each, and exits non-zero when a page's first-load
 * JavaScript exceeds the budget (bytes only: timings vary with the machine and are never a
 * pass/fail criterion).
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser } from 'playwright-core';
import { freePort, startProcess, stopProcess } from '../tests/e2e/appServer';
import { launchBrowser } from '../tests/e2e/browser';

/** Issue 13: at most 300 KB of JavaScript over the wire on the first load of these pages. */
export const JS_BUDGET_BYTES = 300 * 1024;
const BUDGETED = ['/', '/user/login'];
const PAGES = ['/', '/user/login', '/user/register', '/review/home', '/typeset/template-list'];
const RUNS = 5;

interface Load {
  jsBytes: number;
  scripts: number;
  totalBytes: number;
  lcpMs: number;
}

async function loadOnce(browser: Browser, url: string, headers: Record<string, string> = {}): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: headers });
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise<Load>((resolve) => {
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceResourceTiming;
            const scripts = entries.filter((e) => /\.js(\?|$)/.test(e.name));
            resolve({
              jsBytes: scripts.reduce((sum, e) => sum + e.transferSize, 0),
              scripts: scripts.length,
              totalBytes: entries.reduce((sum, e) => sum + e.transferSize, nav?.transferSize ?? 0),
              lcpMs: lcp,
            });
          }, 300);
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main() {
  const check = process.argv.includes('--check');
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = await startProcess(
    'node',
    ['scripts/start.js'],
    { PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'zn-bench-web-')), PUBLIC_URL: baseUrl },
    baseUrl,
  );
  const browser = await launchBrowser();
  const overBudget: string[] = [];
  try {
    // the check judges bytes only, which one load tells: the budgeted pages, once each
    const [pages, runs] = check ? [BUDGETED, 1] : [PAGES, RUNS];
    console.log(`page                      JS (scripts)     all bytes   LCP ${runs > 1 ? 'median' : '(once)'}   JS uncompressed   ratio`);
    for (const path of pages) {
      const loads: Load[] = [];
      for (let i = 0; i < runs; i += 1) loads.push(await loadOnce(browser, baseUrl + path));
      const peer = await loadOnce(browser, baseUrl + path, { 'Accept-Encoding': 'identity' });
      const { jsBytes, scripts, totalBytes } = loads[0];
      const lcp = median(loads.map((l) => l.lcpMs));
      const ratio = peer.jsBytes ? (jsBytes / peer.jsBytes).toFixed(2) : '—';
      console.log(
        `${path.padEnd(26)}${`${kb(jsBytes)} (${scripts})`.padEnd(17)}${kb(totalBytes).padEnd(12)}${`${lcp.toFixed(0)} ms`.padEnd(13)}${kb(peer.jsBytes).padEnd(18)}${ratio}`,
      );
      if (BUDGETED.includes(path) && jsBytes > JS_BUDGET_BYTES) overBudget.push(`${path}: ${kb(jsBytes)} > ${kb(JS_BUDGET_BYTES)}`);
    }
  } finally {
    await browser.close();
    stopProcess(server);
  }
  console.log(`budget: first-load JavaScript of ${BUDGETED.join(', ')} ≤ ${kb(JS_BUDGET_BYTES)}`);
  if (overBudget.length) {
    console.error(`over budget:\n  ${overBudget.join('\n  ')}`);
    if (check) process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
