/**
 * A server without LibreOffice and poppler still typesets: the .docx after payment, no preview
 * pages and no PDF, and the typeset says why and what the administrator installs.
 */
import { mkdtempSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { multipart, payAsGateway, useSignedInApp } from './testApp';

// a PATH with a shell and nothing else: soffice and pdftoppm are not found
const bin = mkdtempSync(join(tmpdir(), 'zn-nooffice-'));
symlinkSync('/bin/sh', join(bin, 'sh'));
const path = process.env.PATH;
process.env.PATH = bin;

const signedIn = useSignedInApp();
afterAll(() => {
  process.env.PATH = path;
});

test('typesets the .docx, says previews are unavailable and what to install, and has no PDF', async () => {
  const body = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: '论文.docx', data: await wordManuscript() });
  const { id } = (await signedIn.me().call('POST', '/api/v1/typeset', body.payload, body.headers)).body.result;
  await signedIn.test().app.jobs.drain();
  const done = (await signedIn.me().get(`/api/v1/typeset/${id}`)).body.result;
  expect(done).toMatchObject({ status: 'done', previewPages: 0, pdf: false });
  expect(done.previewUnavailable).toContain('libreoffice-writer-nogui、poppler-utils');
  const page = await signedIn.me().get(`/api/v1/typeset/${id}/preview/1.png`);
  expect(page.status).toBe(404);
  expect(page.body.message).toContain('未安装');

  const order = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  await payAsGateway(signedIn.test().app, order.id, order.amountFen);
  expect((await signedIn.me().get(`/api/v1/typeset/${id}/download`)).status).toBe(200);
  const pdf = await signedIn.me().get(`/api/v1/typeset/${id}/download.pdf`);
  expect(pdf.status).toBe(404);
  expect(pdf.body.message).toContain('没有 PDF');
});
