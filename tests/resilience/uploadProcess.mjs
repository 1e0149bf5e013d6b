// Other users' uploads, sent at once from a process of their own (as their computers would):
// node uploadProcess.mjs <url> <json: [{ cookie, file, name }]>. Prints the answers as JSON.
import { readFileSync } from 'fs';

const [url, list] = process.argv.slice(2);
const answers = await Promise.all(
  JSON.parse(list).map(async ({ cookie, file, name }) => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), name);
    const res = await fetch(`${url}/api/v1/review/paper`, { method: 'POST', headers: { cookie }, body: form });
    return { status: res.status, body: await res.json() };
  }),
);
process.stdout.write(JSON.stringify(answers));
