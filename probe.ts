import { spawn } from 'child_process';
import { httpClient, quantile, serverFixture } from '/work/main/tests/resilience/server';
(async () => {
  const server = await serverFixture();
  const { url, output } = await server.start();
  const cookies: string[] = [];
  for (let i = 0; i < 8; i++) { const r = await fetch(`${url}/api/v1/actionLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@zhinenglunwen.cn', password: 'Demo1234' }) }); cookies.push(r.headers.getSetCookie()[0].split(';')[0]); }
  const reader = httpClient(url); await reader.login();
  const timings: number[] = []; let going = true;
  const probe = (async () => { while (going) { const s = performance.now(); await reader.get('/api/v1/user/getCurrent'); timings.push(performance.now() - s); await new Promise(r => setTimeout(r, 20)); } })();
  await Promise.all(cookies.map((c, i) => new Promise((resolve) => { const p = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `cookie: ${c}`, '-F', `file=@/tmp/big.${i % 2 ? 'txt' : 'docx'}`, `${url}/api/v1/review/paper`]); p.stdout.on('data', d => process.stdout.write(d + ' ')); p.on('exit', resolve); })));
  going = false; await probe;
  console.log('\np50', quantile(timings, 0.5).toFixed(1), 'p99', quantile(timings, 0.99).toFixed(1), 'n', timings.length, 'max', Math.max(...timings).toFixed(0));
  console.log(output().split('\n').filter(l => /LAG|ELD/.test(l)).join('\n'));
  await server.close();
})();
