/**
 * Typesetting: the template library, a manuscript uploaded with its cover fields, the background
 * job that typesets it (the .docx, its PDF, and the preview: its pages as watermarked pictures, preview.ts),
 * payment, and the downloads. Nothing of the document but those pictures leaves before payment.
 */
import type { Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { createHash } from 'crypto';
import { readFileSync, readdirSync } from 'fs';
import { readFile } from 'fs/promises';
import { join } from 'path';
import { ExtractError, extensionOf } from '../../engines/text/extract';
import { readManuscript } from '../../engines/typeset/manuscript';
import type { FilePool } from '../../lib/filePool';
import { storedFileName } from '../../lib/fileNames';
import { checkTemplate, coverFieldsShown, type Template } from '../../engines/typeset/template';
import { typeset } from '../../engines/typeset/layout';
import { closeLayoutEngines, officeMissing, renderPages, setLayoutEngines } from '../../engines/typeset/office';
import type { TemplateTable, UserTable } from '../../db/types';
import { AppError, invalidField, notFound, ownedBy } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import type { JobHandler, JobRunner } from '../../jobs/runner';
import type { OrderService, Payable } from '../order';
import { checkDailyAllowance } from '../shared/dailyAllowance';
import { pageWindow, parseList } from '../shared/paging';
import { buffer } from 'stream/consumers';
import { createPreviewPages } from './preview';
import type { TemplateChanges, TypesetRepo, TypesetRow } from './repo';
import { rulesOf } from './rules';
import { sampleFields, sampleManuscript } from './sample';
import { CoverFields, type Typeset } from './schemas';
import { isAccepted, MANUSCRIPT_UPLOAD, TYPESET_MAX_ACTIVE, TYPESET_MAX_UNPAID_PER_DAY } from '../../../../common/api';
import { refundExtent } from '../../../../common/orderState';

export const PREVIEW_WATERMARK = '智能论文 · 预览版';
const PDF = 'pdf';

type User = Pick<UserTable, 'id'>;

/** Why a finished typeset has no preview pages (nor PDF): what this server lacks, or an earlier version made it. */
function previewUnavailable() {
  const missing = officeMissing();
  return missing.length
    ? `本服务器未安装排版预览所需的 LibreOffice 和 poppler，暂时无法生成预览页和 PDF（管理员请安装 ${missing.join('、')}，再重新排版）`
    : '这份排版生成于预览功能上线之前，请重新提交排版以查看预览';
}

/** The templates of a folder (server/seed/templates), checked, as table rows. */
export function templateRows(folder: string): TemplateTable[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file, i) => {
      const t = checkTemplate(JSON.parse(readFileSync(join(folder, file), 'utf8')));
      return {
        id: t.id,
        name: t.name,
        degree: t.degree,
        discipline: t.discipline,
        description: t.description,
        price_fen: t.priceFen,
        spec: JSON.stringify(t),
        sort: i + 1,
        enabled: 1,
      };
    });
}

/** The widths a sample page is drawn at (px): a phone's screen, twice that (and a desktop's column), and the full-size view. */
export const SAMPLE_WIDTHS = [400, 800, 1200];
/** A width a sample page is asked for: one of SAMPLE_WIDTHS, or the field's error. */
export function checkSampleWidth(width: number) {
  if (!SAMPLE_WIDTHS.includes(width)) throw invalidField('w', `样张的宽度只有 ${SAMPLE_WIDTHS.join('、')} 像素`);
}
/** The width the page count is read from, drawn first: the one most screens ask for. */
const SAMPLE_FIRST_WIDTH = 800;

/** A template's sample typeset once per version of its specification: the .docx, its PDF, and its pages as pictures by width. */
interface Sample {
  version: string;
  docx: Buffer;
  pdf?: Buffer;
  pictures: Map<number, Promise<Buffer[]>>;
}

/**
 * The promise kept under `key`, made once: requests that come at once share it. A failure is not
 * kept, so the next request tries again.
 */
function remembered<K, V>(kept: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  const known = kept.get(key);
  if (known) return known;
  const made = make();
  made.catch(() => {
    if (kept.get(key) === made) kept.delete(key);
  });
  kept.set(key, made);
  return made;
}

/** A template's version: its specification's digest, so an edited template draws its sample anew. */
const versionOf = (row: TemplateTable) => createHash('sha256').update(row.spec).digest('hex').slice(0, 16);

const summary = (t: TemplateTable) => ({
  id: t.id,
  name: t.name,
  degree: t.degree,
  discipline: t.discipline,
  description: t.description,
  priceFen: t.price_fen,
});

type Orders = Pick<OrderService, 'closeOpenOf' | 'find' | 'hasOpenOrder'>;

/** A paid typesetting whose order was given back in full: no longer paid (a partial refund leaves it paid). */
async function refundedInFull(orders: Orders, row: TypesetRow) {
  const order = row.paid_at && row.order_id ? await orders.find(row.order_id) : undefined;
  return !!order && refundExtent({ status: order.status, amountFen: order.amount_fen, refundedFen: order.refunded_fen }) === 'full';
}

/** A typesetting as its owner sees it. */
async function typesetView(repo: TypesetRepo, orders: Orders, row: TypesetRow): Promise<Static<typeof Typeset>> {
  const template = (await repo.findTemplate(row.template_id))!;
  const refunded = await refundedInFull(orders, row);
  const paid = !!row.paid_at && !refunded;
  return {
    id: row.id,
    templateId: row.template_id,
    templateName: template.name,
    title: row.title,
    fields: JSON.parse(row.fields),
    manuscriptName: row.manuscript_name,
    status: row.status,
    progress: row.progress,
    warnings: parseList(row.warnings),
    priceFen: template.price_fen,
    paid,
    refunded,
    // only a finished typesetting is ordered (its quote), and a paid one has no order open
    orderOpen: row.status === 'done' && !paid && (await orders.hasOpenOrder('typeset', row.id)),
    previewPages: row.preview_pages,
    previewUnavailable: row.status === 'done' && !row.preview_pages ? previewUnavailable() : null,
    pdf: !!row.pdf_key,
    orderId: row.order_id,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
  };
}

/** A finished typesetting is bought at its template's price; paying unlocks its downloads. */
function typesetPayable(repo: TypesetRepo, orders: Orders, own: (user: User, id: string) => Promise<TypesetRow>): Payable {
  return {
    async quote(itemId, user) {
      const row = await own(user, itemId);
      // refunded in full, it may be bought again
      if (row.paid_at && !(await refundedInFull(orders, row))) throw new AppError(409, 'ALREADY_PAID', '这份排版已经付款，可以直接下载');
      if (row.status !== 'done') throw new AppError(409, 'NOT_READY', '排版完成、看过预览后再付款');
      const template = (await repo.findTemplate(row.template_id))!;
      return { title: `${template.name} · ${row.title}`, amountFen: template.price_fen };
    },
    async fulfil(order, trx) {
      await repo.update(order.item_id, { paid_at: nowIso(), order_id: order.id, updated_at: nowIso() }, trx);
    },
  };
}

/** The cover's fields as the form sent them (multipart: all text), checked; the first problem is the student's. */
function coverFieldsOf(rawFields: unknown): Static<typeof CoverFields> {
  const fields = Value.Convert(CoverFields, rawFields);
  const problem = Value.Errors(CoverFields, fields).First();
  if (problem) {
    const field = problem.path.split('/')[1];
    throw invalidField(
      field,
      (CoverFields.properties[field as keyof typeof CoverFields.properties] as { errorMessage?: string })?.errorMessage ?? '请检查填写的内容',
    );
  }
  return fields as Static<typeof CoverFields>;
}

/** A manuscript of a kind the engine reads, that it can read (read in `owner`'s turn): else the student is told why, on the file's field. */
async function checkReadable(checkManuscript: FilePool['checkManuscript'], path: string, fileName: string, owner: string) {
  if (!isAccepted(MANUSCRIPT_UPLOAD, fileName)) throw invalidField('file', MANUSCRIPT_UPLOAD.wrongType);
  try {
    await checkManuscript(path, fileName, owner);
  } catch (error) {
    if (error instanceof ExtractError) throw invalidField('file', error.message);
    throw error;
  }
}

/**
 * What one account may have typeset before paying: TYPESET_MAX_ACTIVE waiting or being typeset at
 * once, and TYPESET_MAX_UNPAID_PER_DAY unpaid ones submitted in 24 hours; checked before the
 * manuscript is read.
 */
async function checkAllowance(repo: TypesetRepo, user: User) {
  if ((await repo.countActive(user.id)) >= TYPESET_MAX_ACTIVE)
    throw new AppError(429, 'TYPESET_BUSY', `已有 ${TYPESET_MAX_ACTIVE} 份稿件正在排版，请等其中一份完成后再提交`);
  await checkDailyAllowance((since) => repo.unpaidSince(user.id, since), {
    max: TYPESET_MAX_UNPAID_PER_DAY,
    errorCode: 'TYPESET_DAILY_LIMIT',
    refusal: (wait) => `24 小时内已提交 ${TYPESET_MAX_UNPAID_PER_DAY} 份未付款的排版，请为需要的排版付款，或 ${wait}后再提交`,
  });
}

/** A queued typesetting of a manuscript kept at `manuscript.key`. */
function newTypeset(id: string, userId: string, templateId: string, cover: Static<typeof CoverFields>, manuscript: { key: string; name: string }) {
  const now = nowIso();
  return {
    id,
    user_id: userId,
    template_id: templateId,
    title: cover.title.trim(),
    fields: JSON.stringify(cover),
    manuscript_key: manuscript.key,
    manuscript_name: manuscript.name,
    status: 'queued',
    progress: 0,
    warnings: '[]',
    output_key: null,
    pdf_key: null,
    preview_key: null,
    preview_pages: 0,
    order_id: null,
    paid_at: null,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  } satisfies Parameters<TypesetRepo['insert']>[0];
}

/** Each template's sample: a short built-in paper typeset with it, made once per template version, and its pages drawn once per width. */
function templateSamples(templateOf: (id: string) => Promise<TemplateTable>) {
  /** by template id and version; promises, so that requests that come at once make a sample once */
  const samples = new Map<string, Promise<Sample>>();

  function sampleOf(row: TemplateTable): Promise<Sample> {
    const version = versionOf(row);
    const key = `${row.id}@${version}`;
    if (samples.has(key)) return samples.get(key)!;
    for (const old of samples.keys()) if (old.startsWith(`${row.id}@`)) samples.delete(old);
    const template = JSON.parse(row.spec) as Template;
    return remembered(samples, key, () =>
      typeset(sampleManuscript(template.language), template, sampleFields(template.language)).then((result) => ({
        version,
        docx: result.docx,
        pdf: result.pdf,
        pictures: new Map(),
      })),
    );
  }

  /** The sample's pages drawn `width` px wide (once per width), from the PDF the same layout made. */
  function picturesOf(sample: Sample, width: number): Promise<Buffer[]> {
    const { pdf } = sample;
    if (!pdf) throw new AppError(503, 'NO_LAYOUT_ENGINE', `本服务器暂时无法显示样张（缺少 ${officeMissing().join('、') || 'LibreOffice'}），排版规范见上表`);
    return remembered(sample.pictures, width, () => renderPages(pdf, { width }));
  }

  return {
    /** Sample pages of a template: a short built-in paper typeset with it (made once per template version). */
    async sample(templateId: string) {
      const row = await templateOf(templateId);
      return { data: (await sampleOf(row)).docx, fileName: `${row.name}-样张.docx` };
    },

    /** The sample's pages as pictures, laid out by the engine that lays out a student's thesis: how many, and which version. */
    async samplePages(templateId: string) {
      const sample = await sampleOf(await templateOf(templateId));
      return { pages: (await picturesOf(sample, SAMPLE_FIRST_WIDTH)).length, version: sample.version, widths: SAMPLE_WIDTHS };
    },

    /** One page of the sample (1-based) as a PNG `width` px wide, one of SAMPLE_WIDTHS. */
    async samplePage(templateId: string, page: number, width: number) {
      checkSampleWidth(width);
      const pictures = await picturesOf(await sampleOf(await templateOf(templateId)), width);
      if (!Number.isInteger(page) || page < 1 || page > pictures.length) throw notFound(`样张只有 ${pictures.length} 页`);
      return pictures[page - 1];
    },
  };
}

/** The typesetting job: the manuscript read, laid out with its template, its documents and preview kept. */
function typesetJob({ repo, storage, preview }: { repo: TypesetRepo; storage: Storage; preview: ReturnType<typeof createPreviewPages> }): JobHandler {
  /** The progress a job reports, by the stage it reached: the manuscript read, laid out once, the layout settled. */
  const PROGRESS = { started: 5, read: 20, laidOut: 45, settled: 90 };

  return {
    async run(id, context) {
      const row = await repo.find(id);
      if (!row || row.status === 'done' || !row.manuscript_key) return;
      await repo.update(id, { status: 'running', progress: PROGRESS.started, preview_pages: 0, updated_at: nowIso() });
      const stream = storage.get(row.manuscript_key);
      if (!stream) throw new Error('稿件已删除');
      const manuscript = await readManuscript(await buffer(stream), row.manuscript_name);
      await repo.update(id, { progress: PROGRESS.read });
      await context.heartbeat();
      const template = JSON.parse((await repo.findTemplate(row.template_id))!.spec) as Template;
      const fields = JSON.parse(row.fields);
      const base = `typesets/${row.user_id}/${id}`;
      const result = await typeset(
        manuscript,
        template,
        fields,
        PREVIEW_WATERMARK,
        async () => {
          await repo.update(id, { progress: PROGRESS.laidOut });
          await context.heartbeat();
        },
        context.signal,
      );
      // still this run's job (not deleted, nor taken over by another process): only then is anything kept
      await context.heartbeat();
      await repo.update(id, { progress: PROGRESS.settled });
      try {
        if (result.previewPdf) await preview.keep(`${base}.preview/`, result.previewPdf);
        await storage.put(`${base}.docx`, result.docx);
        if (result.pdf) await storage.put(`${base}.pdf`, result.pdf);
        await context.heartbeat();
      } catch (error) {
        // deleted (or taken over) while they were written: what was written goes
        if (context.signal.aborted)
          await removeFiles(
            { repo, storage, preview },
            {
              ...row,
              output_key: `${base}.docx`,
              pdf_key: `${base}.pdf`,
              preview_key: `${base}.preview/`,
              preview_pages: result.pageCount,
              manuscript_key: null,
            },
            false,
          );
        throw error;
      }
      await repo.update(id, {
        status: 'done',
        progress: 100,
        warnings: JSON.stringify(result.warnings),
        output_key: `${base}.docx`,
        pdf_key: result.pdf ? `${base}.pdf` : null,
        preview_key: `${base}.preview/`,
        preview_pages: result.previewPdf ? result.pageCount : 0,
        updated_at: nowIso(),
      });
    },
    async giveUp(id, reason) {
      await repo.update(id, { status: 'failed', failure_reason: `排版未能完成（${reason}）`, updated_at: nowIso() });
    },
    /** The back office retries it: the typesetting waits again (giving up owed no refund); refused once the manuscript is gone. */
    async resume(id) {
      const row = await repo.find(id);
      if (row && row.status !== 'failed') return;
      if (!row?.manuscript_key) throw new AppError(409, 'NOT_RETRYABLE', '稿件已删除，不能重试');
      await repo.update(id, { status: 'queued', progress: 0, failure_reason: null, updated_at: nowIso() });
    },
  };
}

/** The templates as offered, and their changes by the back office. */
function templateCatalogue(repo: TypesetRepo, templateOf: (id: string) => Promise<TemplateTable>) {
  return {
    templates: async (filter: { degree?: string; discipline?: string; q?: string }) => (await repo.templates(filter)).map(summary),

    /** Every template, those taken off sale too (the back office). */
    allTemplates: () => repo.templates({ all: true }),

    /** Changes a template's price or sale (the back office), with `onChange` in the same transaction; new orders only. */
    async changeTemplate(id: string, changes: TemplateChanges, onChange: Parameters<TypesetRepo['changeTemplate']>[2]) {
      const changed = await repo.changeTemplate(id, changes, onChange);
      if (!changed) throw notFound('模板不存在');
      return changed;
    },

    async template(id: string) {
      const row = await templateOf(id);
      const spec: Template = JSON.parse(row.spec);
      return { ...summary(row), rules: rulesOf(spec), coverFields: coverFieldsShown(spec) };
    },
  };
}

/** Removes the manuscript and the documents; the record disappears from the list. */
async function removeFiles(
  { repo, storage, preview }: { repo: TypesetRepo; storage: Storage; preview: ReturnType<typeof createPreviewPages> },
  row: TypesetRow,
  /** false: only the files go (a run that lost its job takes back what it wrote) */
  record = true,
) {
  for (const key of [row.manuscript_key, row.output_key, row.pdf_key]) if (key) await storage.remove(key);
  if (row.preview_key) await preview.remove(row.preview_key, row.preview_pages);
  if (!record) return;
  await repo.update(row.id, {
    deleted_at: nowIso(),
    manuscript_key: null,
    output_key: null,
    pdf_key: null,
    preview_key: null,
    preview_pages: 0,
    updated_at: nowIso(),
  });
}

export function createTypesetService(deps: {
  repo: TypesetRepo;
  jobs: JobRunner;
  storage: Storage;
  /** closes a deleted typesetting's open order, as a deleted paper's is closed; tells a refunded one */
  orders: Orders;
  /** reads an uploaded manuscript off the event loop (lib/filePool.ts); in this thread without */
  checkManuscript?: FilePool['checkManuscript'];
  /** LibreOffice engines kept running (config TYPESET_ENGINES); the engine's own default without */
  layoutEngines?: number;
}) {
  const { repo, jobs, storage, orders, checkManuscript = async (path: string, name: string) => void (await readManuscript(await readFile(path), name)) } = deps;
  if (deps.layoutEngines !== undefined) setLayoutEngines(deps.layoutEngines);
  const preview = createPreviewPages(storage);
  async function templateOf(id: string) {
    const row = await repo.findTemplate(id);
    if (!row) throw notFound('模板不存在');
    if (!row.enabled) throw notFound(`「${row.name}」已暂停服务，请选择其他模板`);
    return row;
  }

  async function own(user: User, id: string) {
    return ownedBy(await repo.find(id), user.id, '排版记录');
  }

  async function done(user: User, id: string) {
    const row = await own(user, id);
    if (row.status !== 'done') throw new AppError(409, 'NOT_READY', '排版尚未完成，请稍后再试');
    return row;
  }

  function streamOf(key: string | null) {
    const stream = key ? storage.get(key) : undefined;
    if (!stream) throw notFound('文件已删除');
    return stream;
  }

  /** The paid document: the .docx, or its PDF. */
  async function download(user: User, id: string, kind: 'docx' | typeof PDF) {
    const row = await done(user, id);
    if (!row.paid_at) throw new AppError(409, 'NOT_PAID', '请先付款，再下载排版后的文档');
    if (await refundedInFull(orders, row)) throw new AppError(409, 'REFUNDED', '这份排版的订单已全额退款，不能再下载；如仍需要，请重新付款');
    if (kind === PDF && !row.pdf_key) throw notFound(`这份排版没有 PDF：${previewUnavailable()}`);
    return { stream: streamOf(kind === PDF ? row.pdf_key : row.output_key), fileName: `${row.title}.${kind}` };
  }

  const toTypeset = (row: TypesetRow) => typesetView(repo, orders, row);

  return {
    payable: typesetPayable(repo, orders, own),
    job: typesetJob({ repo, storage, preview }),
    ...templateCatalogue(repo, templateOf),
    ...templateSamples(templateOf),
    /** A manuscript read before anything is stored: a file the engine cannot read changes nothing. */
    /** `path`: the received manuscript (lib/uploadFile.ts); kept in the store when it is accepted. */
    async create(user: User, templateId: string, rawFields: unknown, rawFileName: string, path: string) {
      const fileName = storedFileName(rawFileName);
      await templateOf(templateId);
      const cover = coverFieldsOf(rawFields);
      await checkAllowance(repo, user);
      await checkReadable(checkManuscript, path, fileName, user.id);
      const id = newId();
      const key = `typesets/${user.id}/${id}.manuscript.${extensionOf(fileName)}`;
      await storage.adopt(key, path);
      await repo.insert(newTypeset(id, user.id, templateId, cover, { key, name: fileName }));
      await jobs.enqueue('typeset', id, { account: user.id });
      return toTypeset((await repo.find(id))!);
    },

    get: async (user: User, id: string) => toTypeset(await own(user, id)),

    async list(user: User, page: { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(page);
      const { rows, total } = await repo.list(user.id, offset, limit);
      return { list: await Promise.all(rows.map(toTypeset)), total, current: page.current, pageSize: page.pageSize };
    },

    /** One page of the preview (1-based): a watermarked picture, the only form the document has before payment. */
    async previewPage(user: User, id: string, page: number) {
      const row = await done(user, id);
      if (!Number.isInteger(page) || page < 1 || page > row.preview_pages)
        throw notFound(row.preview_pages ? `预览只有 ${row.preview_pages} 页` : previewUnavailable());
      const stream = await preview.page(row.preview_key!, page);
      if (!stream) throw notFound('文件已删除');
      return stream;
    },
    download,

    /** Stops the LibreOffice engines (the server's shutdown). */
    close: async () => closeLayoutEngines(),

    /** Removes the manuscript and the documents; the record disappears from the list, and an unpaid order of it closes. */
    async remove(user: User, id: string) {
      const row = await own(user, id);
      // its work stops first (queued: never starts; running: LibreOffice stopped), so nothing is written after the files go
      await jobs.cancel('typeset', id);
      await orders.closeOpenOf('typeset', id, 'deleted');
      await removeFiles({ repo, storage, preview }, row);
    },
  };
}

export type TypesetService = ReturnType<typeof createTypesetService>;
