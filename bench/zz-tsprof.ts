import { Session } from 'inspector';
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { SEED_FOLDER } from '../server/src/seed';
import { readManuscript } from '../server/src/engines/typeset/manuscript';
import { checkTemplate } from '../server/src/engines/typeset/template';
import { writeDocx } from '../server/src/engines/typeset/writer';
import { longThesis } from '../tests/fixtures/longThesis';
const session = new Session(); session.connect();
const post = (m: string, a?: object) => new Promise<any>((res, rej) => session.post(m, a ?? {}, (e, r) => (e ? rej(e) : res(r))));
async function main() {
  const template = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', 'general-bachelor.json'), 'utf8')));
  const input = await longThesis({ chapters: 10, characters: 60_000, references: 50 });
  const fields = { title: '县域中学课后服务研究', author: '林晓', school: '示例大学' };
  for (let i = 0; i < 3; i++) await writeDocx(await readManuscript(input, 'thesis.docx'), template, fields);
  const reads: number[] = [], writes: number[] = [];
  if (process.env.PROF) { await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 100 }); await post('Profiler.start'); }
  for (let i = 0; i < 10; i++) {
    let t = performance.now(); const m = await readManuscript(input, 'thesis.docx'); reads.push(performance.now() - t);
    t = performance.now(); await writeDocx(m, template, fields); writes.push(performance.now() - t);
  }
  if (process.env.PROF) { const { profile } = await post('Profiler.stop'); writeFileSync(process.env.PROF, JSON.stringify(profile)); }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[5].toFixed(0);
  console.log('read', med(reads), 'ms, write', med(writes), 'ms');
}
main();
