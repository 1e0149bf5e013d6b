/**
 * Plagiarism checks (the review module): the paper (uploaded or pasted), the server's price, the
 * order that pays for it, the background job that runs the engine, the report, and its public
 * verification.
 */
import { readFile } from 'fs/promises';
import type { Static } from '@sinclair/typebox';
import { countChars, figure } from '../../engines/similarity/check';
import type { FilePool, PaperText } from '../../lib/filePool';
import { storedFileName } from '../../lib/fileNames';
import { ExtractError, extensionOf, extractPaper, tidyText } from '../../engines/text/extract';
import type { ReviewSystemTable, UserTable } from '../../db/types';
import { AppError, checkQuoted, forbidden, invalidField, notFound, ownedBy } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { DAY_MS, nowIso } from '../../lib/time';
import type { JobRunner } from '../../jobs/runner';
import type { DocumentService } from '../document';
import type { OrderService, Payable } from '../order';
import { checkDailyAllowance, type DailyAllowance } from '../shared/dailyAllowance';
import { pageWindow, parseList } from '../shared/paging';
import type { CorpusShards } from './shards';
import { createReviewJobs } from './job';
import { renderReportPdf, type ReportPdfInput } from './reportPdf';
import type { ReviewRow, ReviewRepo, SystemChanges } from './repo';
import { reviewSystemProblem } from './systems';
import type { ReportBody, Review, ReviewBody } from './schemas';
import { isAccepted, PAPER_UPLOAD, PAPER_UPLOADS_PER_DAY, REVIEW_MAX_UNPAID_PER_DAY } from '../../../../common/api';
import { priceOf, startedThousands } from '../../../../common/price';
import { normaliseVerificationCode } from '../../../../common/verificationCode';
import { formatCount } from '../../../../common/formatCount';
import { pastedTitle, titleOf } from '../../../../common/paperTitle';

export const MIN_CHARS = 200;
/** Papers are kept this long, then deleted (the agreement says so). */
export const PAPER_RETENTION_DAYS = 30;

type User = Pick<UserTable, 'id'>;
type Paper = { uploadId?: string; text?: string; reviewId?: string };
type PublicReview = Static<typeof Review>;
/** The report as the API gives it: the review, the paper's text, and what the engine found. */
export type ReviewReport = Static<typeof ReportBody>;
/** What the job stored in `reviews.report`: the engine's report with its sources named. */
type StoredReport = Omit<ReviewReport, 'review' | 'text'>;

/** A stored report, its 去除引用 figure over the overall total (reports stored earlier divided by the text outside quotations, and could exceed the overall figure). */
function readReport(json: string): StoredReport {
  const stored = JSON.parse(json) as StoredReport;
  return { ...stored, excludingQuotes: figure(stored.totalChars, stored.excludingQuotes.matchedChars) };
}

/** What the user pays and how: every started thousand characters at the system's rate (common/price.ts). */
const priceOfPaper = (system: ReviewSystemTable, chars: number) => priceOf(chars, system.price_per_thousand_fen);

/** Reads a paper's text in this thread; the server passes its worker pool instead (lib/filePool.ts). */
async function paperTextHere(path: string, fileName: string, maxChars: number): Promise<PaperText> {
  const { text, title } = await extractPaper(await readFile(path), fileName);
  const charCount = countChars(text);
  return { charCount, title, text: charCount <= maxChars ? text : undefined };
}

/** The systems, and a user's own reviews as the API shows them. */
function reviewReader(repo: ReviewRepo, orders: OrderService) {
  return {
    async system(id: string) {
      const found = await repo.findSystem(id);
      if (!found) throw invalidField('systemId', '请选择检测系统');
      if (!found.enabled) throw invalidField('systemId', `「${found.name}」已暂停服务，请选择其他检测系统`);
      return found;
    },

    own: async (user: User, id: string) => ownedBy(await repo.findReview(id), user.id, '查重记录'),

    async toReview(review: ReviewRow): Promise<PublicReview> {
      const { name } = (await repo.findSystem(review.system_id))!;
      return {
        id: review.id,
        systemId: review.system_id,
        systemName: name,
        title: review.title,
        author: review.author,
        school: review.school,
        major: review.major,
        charCount: review.char_count,
        amountFen: review.amount_fen,
        status: review.status,
        progress: review.progress,
        orderId: review.order_id,
        orderStatus: review.order_id ? await orders.statusOf(review.order_id) : null,
        similarity: review.similarity,
        failureReason: review.failure_reason,
        verificationCode: review.verification_code,
        fileName: review.file_name,
        paperDeleted: !!review.paper_deleted_at,
        createdAt: review.created_at,
        paidAt: review.paid_at,
        finishedAt: review.finished_at,
      };
    },
  };
}
type ReviewReader = ReturnType<typeof reviewReader>;

/**
 * The paper's text and file, from the user's own upload, the pasted text or the review's own paper,
 * within the system's limits.
 */
async function paperOf(repo: ReviewRepo, reader: ReviewReader, user: User, paper: Paper, system: ReviewSystemTable) {
  let found: { text: string; fileKey: string | null; fileName: string | null };
  if (paper.uploadId) {
    const upload = await repo.findUpload(paper.uploadId);
    if (!upload) throw invalidField('uploadId', '上传的文件已失效，请重新上传');
    if (upload.user_id !== user.id) throw forbidden('这不是您上传的文件');
    found = { text: upload.text, fileKey: upload.file_key, fileName: upload.file_name };
  } else if (paper.text?.trim()) {
    found = { text: tidyText(paper.text), fileKey: null, fileName: null };
  } else if (paper.reviewId) {
    const review = await reader.own(user, paper.reviewId);
    if (review.paper_text === null) throw invalidField('paper', '论文已删除，请重新上传');
    found = { text: review.paper_text, fileKey: review.file_key, fileName: review.file_name };
  } else {
    throw invalidField('paper', '请上传论文文件或粘贴论文内容');
  }
  const chars = countChars(found.text);
  if (chars < MIN_CHARS) throw invalidField('paper', `论文内容太少（${formatCount(chars)} 字），至少需要 ${formatCount(MIN_CHARS)} 字`);
  if (chars > system.max_chars) {
    // another system is offered only when one takes a paper this long
    const longest = Math.max(...(await repo.systems()).map((s) => s.max_chars));
    throw invalidField(
      'paper',
      chars > longest
        ? `论文有 ${formatCount(chars)} 字，超过所有检测系统的上限 ${formatCount(longest)} 字，请分章检测`
        : `论文有 ${formatCount(chars)} 字，超过「${system.name}」的上限 ${formatCount(system.max_chars)} 字，请换用其他系统或分章检测`,
    );
  }
  return { ...found, chars };
}

/** The columns the review form sets, on a new review and on a changed unpaid one. */
function formFields(body: Static<typeof ReviewBody>, system: ReviewSystemTable, paper: Awaited<ReturnType<typeof paperOf>>) {
  return {
    system_id: system.id,
    title: body.title.trim(),
    author: body.author.trim(),
    school: body.school?.trim() || null,
    major: body.major?.trim() || null,
    paper_text: paper.text,
    file_key: paper.fileKey,
    file_name: paper.fileName,
    char_count: paper.chars,
    amount_fen: priceOfPaper(system, paper.chars).totalFen,
  };
}

/** What a review tells the order service: its title and price, and that paying queues its job. */
function reviewPayable(repo: ReviewRepo, jobs: JobRunner, reader: ReviewReader): Payable {
  return {
    async quote(itemId, user) {
      const review = await reader.own(user, itemId);
      if (review.status !== 'unpaid') throw new AppError(409, 'ALREADY_PAID', '这次检测已经付款，无需再次支付');
      const { name } = (await repo.findSystem(review.system_id))!;
      // the amount saved with the form is what is charged; its rate is that amount per started thousand
      const price = priceOf(review.char_count, review.amount_fen / startedThousands(review.char_count));
      return { title: `${name} · ${review.title}（${formatCount(review.char_count)} 字）`, amountFen: price.totalFen, price };
    },
    async fulfil(order, trx) {
      await repo.updateReview(order.item_id, { status: 'queued', progress: 0, paid_at: nowIso(), order_id: order.id, updated_at: nowIso() }, trx);
      await jobs.enqueue('review', order.item_id, { trx });
    },
  };
}

/** The PDF's contents: the report, with each passage pointing at its source's rank. */
function pdfInput(report: ReviewReport, verifyUrl: string): ReportPdfInput {
  const { review } = report;
  const rank = new Map(report.sources.map((s, i) => [s.sourceId, i]));
  return {
    ...report,
    title: review.title,
    author: review.author,
    school: review.school,
    major: review.major,
    systemName: review.systemName,
    finishedAt: review.finishedAt!,
    verificationCode: review.verificationCode!,
    verifyUrl,
    passages: report.passages.map((p) => ({ ...p, source: rank.get(p.sourceId) ?? 0 })),
  };
}

/** An unpaid review of a paper, as the form made it. */
function newReview(userId: string, form: ReturnType<typeof formFields>): ReviewRow {
  const now = nowIso();
  return {
    id: newId(),
    user_id: userId,
    ...form,
    status: 'unpaid',
    progress: 0,
    order_id: null,
    report: null,
    similarity: null,
    failure_reason: null,
    verification_code: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    finished_at: null,
    paper_deleted_at: null,
  };
}

/** Papers are kept for PAPER_RETENTION_DAYS: their removal, one by one or past the period. */
function paperRetention(repo: ReviewRepo, storage: Storage) {
  /**
   * The files at `fileKeys` and the uploads they came as, text and all: a deleted paper cannot come
   * back through its upload. A file stays while another review made from the same upload holds it.
   */
  async function forgetFiles(fileKeys: string[]) {
    const keys = [...new Set(fileKeys)];
    if (!keys.length) return;
    await repo.deleteUploadsOfFiles(keys);
    const held = await repo.filesInReviews(keys);
    for (const key of keys) if (!held.has(key)) await storage.remove(key);
  }

  /** Deletes reviews' papers (text and file); the records, their figures and verification stay. */
  async function removePapers(papers: Array<{ id: string; file_key: string | null }>) {
    if (!papers.length) return;
    await repo.clearPapers(papers.map((paper) => paper.id));
    await forgetFiles(papers.flatMap((paper) => (paper.file_key ? [paper.file_key] : [])));
  }

  return {
    removePaper: (id: string, fileKey: string | null) => removePapers([{ id, file_key: fileKey }]),

    /** Deletes papers past the retention period, and uploads never used in a review; returns how many. */
    async deleteExpiredPapers(now = Date.now()) {
      const before = new Date(now - PAPER_RETENTION_DAYS * DAY_MS).toISOString();
      const papers = await repo.papersOlderThan(before);
      await removePapers(papers);
      const uploads = await repo.uploadsOlderThan(before);
      await forgetFiles(uploads.map((upload) => upload.file_key));
      return papers.length + uploads.length;
    },
  };
}

/** Anyone may verify a report by its code: title, system, date and similarity only. */
async function verifyReport(repo: ReviewRepo, code: string) {
  const review = await repo.findByCode(normaliseVerificationCode(code));
  if (!review || review.status !== 'done') throw notFound('没有这个验证码对应的报告，请核对后重试');
  const { name } = (await repo.findSystem(review.system_id))!;
  return { title: review.title, systemName: name, finishedAt: review.finished_at!, similarity: review.similarity!, charCount: review.char_count };
}

/** The check systems as sold, and their changes by the back office. */
function systemCatalogue(repo: ReviewRepo) {
  return {
    /** Every system, those taken off sale too (the back office). */
    allSystems: () => repo.systems(true),

    /**
     * Changes a system's price, limits or sale (the back office), checked by the rules every start
     * checks (systems.ts), with `onChange` in the same transaction. An order keeps the amount it
     * was made with, so a new price applies to new orders only.
     */
    async changeSystem(id: string, changes: SystemChanges, onChange: Parameters<ReviewRepo['changeSystem']>[2]) {
      const changed = await repo.changeSystem(id, changes, async (before, after, trx) => {
        const problem = reviewSystemProblem(after);
        if (problem) throw new AppError(400, 'BAD_REQUEST', problem);
        await onChange(before, after, trx);
      });
      if (!changed) throw notFound('查重系统不存在');
      return changed;
    },

    async systems() {
      return (await repo.systems()).map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        pricePerThousandFen: s.price_per_thousand_fen,
        minMatch: s.min_match,
        corpora: parseList(s.corpora),
        maxChars: s.max_chars,
        turnaround: s.turnaround,
      }));
    },
  };
}

/** A submitted form's fields, with its paper (`paper`), at the price the page showed (checkQuoted). */
async function pricedFields(repo: ReviewRepo, reader: ReviewReader, user: User, body: Static<typeof ReviewBody>, paper: Paper) {
  const chosen = await reader.system(body.systemId);
  const fields = formFields(body, chosen, await paperOf(repo, reader, user, paper, chosen));
  checkQuoted(body.quotedFen, fields.amount_fen);
  return fields;
}

/** The checks one account may submit unpaid in a day: each keeps its paper's text. */
const UNPAID_CHECKS: DailyAllowance = {
  max: REVIEW_MAX_UNPAID_PER_DAY,
  errorCode: 'REVIEW_DAILY_LIMIT',
  refusal: (wait) => `24 小时内已提交 ${REVIEW_MAX_UNPAID_PER_DAY} 份未付款的检测，请为需要的检测付款，或 ${wait}后再提交`,
};
/** The paper files one account may upload in a day: each is kept for PAPER_RETENTION_DAYS. */
const PAPER_UPLOADS: DailyAllowance = {
  max: PAPER_UPLOADS_PER_DAY,
  errorCode: 'UPLOAD_DAILY_LIMIT',
  refusal: (wait) => `24 小时内已上传 ${PAPER_UPLOADS_PER_DAY} 份论文文件，请用已上传的文件提交检测，或 ${wait}后再上传`,
  field: 'file',
};

/** Keeps an uploaded paper and reads its text; a file that cannot be read changes nothing. */
/** `path`: the received file (lib/uploadFile.ts); kept in the store when the paper is accepted. */
async function receivePaper(
  { repo, storage, paperText }: { repo: ReviewRepo; storage: Storage; paperText: FilePool['paperText'] },
  user: User,
  rawFileName: string,
  path: string,
) {
  const fileName = storedFileName(rawFileName);
  if (!isAccepted(PAPER_UPLOAD, fileName)) throw invalidField('file', PAPER_UPLOAD.wrongType);
  await checkDailyAllowance((since) => repo.uploadsSince(user.id, since), PAPER_UPLOADS);
  // a paper longer than every system takes can never be reviewed: say so now, keep nothing
  const longest = Math.max(...(await repo.systems()).map((s) => s.max_chars));
  let read: PaperText;
  try {
    read = await paperText(path, fileName, longest, user.id);
  } catch (error) {
    if (error instanceof ExtractError) throw invalidField('file', error.message);
    throw error;
  }
  const { charCount, text, title } = read;
  if (text === undefined) throw invalidField('file', `论文有 ${formatCount(charCount)} 字，超过所有检测系统的上限 ${formatCount(longest)} 字，请分章上传检测`);
  const id = newId();
  const fileKey = `papers/${user.id}/${id}.${extensionOf(fileName)}`;
  await storage.adopt(fileKey, path);
  await repo.insertUpload({ id, user_id: user.id, file_key: fileKey, file_name: fileName, text, char_count: charCount, created_at: nowIso() });
  return { uploadId: id, fileName, charCount, title: (title && titleOf(title)) ?? titleOf(text) };
}

export function createReviewService(deps: {
  repo: ReviewRepo;
  orders: OrderService;
  jobs: JobRunner;
  shards: CorpusShards;
  /** how the report names and quotes its sources (the document module's) */
  documents: Pick<DocumentService, 'sourceLines' | 'documentText' | 'documentCount'>;
  storage: Storage;
  paperText?: FilePool['paperText'];
}) {
  const { repo, orders, jobs, shards, documents, storage, paperText = paperTextHere } = deps;
  const reader = reviewReader(repo, orders);
  const { system, own, toReview } = reader;
  const { removePaper, deleteExpiredPapers } = paperRetention(repo, storage);

  /** A new order for the review at its current price, recorded on it. */
  async function orderFor(user: UserTable, id: string) {
    const order = await orders.create(user, 'review', id);
    await repo.updateReview(id, { order_id: order.id });
    return order;
  }

  return {
    payable: reviewPayable(repo, jobs, reader),
    ...systemCatalogue(repo),
    upload: (user: User, rawFileName: string, path: string) => receivePaper({ repo, storage, paperText }, user, rawFileName, path),
    deleteExpiredPapers,
    verify: (code: string) => verifyReport(repo, code),
    /** the job kinds of reviews this process runs, and their handlers */
    jobs: createReviewJobs({ repo, orders, jobs, shards, documents }),

    /** Reviews finished per UTC hour since `since` (the back office's overview). */
    doneHourly: (since: string) => repo.doneHourly(since),

    async quote(user: User, body: Paper & { systemId: string }) {
      const chosen = await system(body.systemId);
      const { chars, text, fileName } = await paperOf(repo, reader, user, body, chosen);
      const price = priceOfPaper(chosen, chars);
      // pasted text has no file to name it: the form is offered a title read from the text
      const title = body.text?.trim() && !fileName ? pastedTitle(text) : null;
      return { systemId: chosen.id, charCount: chars, amountFen: price.totalFen, price, title };
    },

    /** A new review and the order that pays for it. */
    async create(user: UserTable, body: Static<typeof ReviewBody>) {
      await checkDailyAllowance((since) => repo.unpaidSince(user.id, since), UNPAID_CHECKS);
      const fields = await pricedFields(repo, reader, user, body, body);
      const review = newReview(user.id, fields);
      await repo.insertReview(review);
      const order = await orderFor(user, review.id);
      return { review: await toReview({ ...review, order_id: order.id }), orderId: order.id };
    },

    /** Changes an unpaid review; its old order is closed as replaced and a new one made at the new price. */
    async update(user: UserTable, id: string, body: Static<typeof ReviewBody>) {
      const paidAlready = () => new AppError(409, 'ALREADY_PAID', '已付款的检测不能再修改');
      const review = await own(user, id);
      if (review.status !== 'unpaid') throw paidAlready();
      const fields = await pricedFields(repo, reader, user, body, body.uploadId || body.text ? body : { reviewId: id });
      await orders.closeOpenOf('review', id, 'replaced');
      // a payment may land meanwhile: the paper it paid for stays as it was
      if (!(await repo.updateUnpaid(id, { ...fields, updated_at: nowIso() }))) throw paidAlready();
      const order = await orderFor(user, id);
      return { review: await toReview((await repo.findReview(id))!), orderId: order.id };
    },

    async list(user: User, page: { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(page);
      const { rows, total } = await repo.listReviews(user.id, offset, limit);
      return { list: await Promise.all(rows.map(toReview)), total, current: page.current, pageSize: page.pageSize };
    },

    get: async (user: User, id: string) => toReview(await own(user, id)),

    async report(user: User, id: string): Promise<ReviewReport> {
      const review = await own(user, id);
      if (review.status !== 'done' || !review.report) throw new AppError(409, 'REPORT_NOT_READY', '检测尚未完成，报告还不能查看');
      return { review: await toReview(review), text: review.paper_text, ...readReport(review.report) };
    },

    /** The report as a PDF file, for the owner. */
    async reportPdf(user: User, id: string, verifyUrl: string) {
      const report = await this.report(user, id);
      return { pdf: await renderReportPdf(pdfInput(report, verifyUrl)), fileName: `查重报告-${report.review.title}.pdf` };
    },

    /** Deletes the paper (text and file) at once; the record and its verification stay. */
    async deletePaper(user: User, id: string) {
      const review = await own(user, id);
      if (review.status === 'queued' || review.status === 'running') throw new AppError(409, 'REVIEW_RUNNING', '检测进行中，完成后才能删除论文');
      await removePaper(id, review.file_key);
      if (review.status === 'unpaid') await orders.closeOpenOf('review', id, 'deleted');
      return toReview((await repo.findReview(id))!);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
