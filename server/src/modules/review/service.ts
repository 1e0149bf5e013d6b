/**
 * Plagiarism checks: the paper (uploaded or pasted), the server's price, the order that pays for
 * it, the background job that runs the engine, the report, and its public verification.
 */
import type { Static } from '@sinclair/typebox';
import { randomBytes } from 'crypto';
import { checkText, countChars } from '../../engines/similarity/check';
import type { FilePool, PaperText } from '../../lib/filePool';
import { storedFileName } from '../../lib/fileNames';
import { ExtractError, extensionOf, extractText, tidyText } from '../../engines/similarity/extract';
import type { CheckSystemTable, UserTable } from '../../db/types';
import { AppError, forbidden, invalidField, notFound, ownedBy } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import type { JobHandler, JobRunner } from '../../jobs/runner';
import type { OrderService, Payable } from '../order/service';
import { pageWindow, parseList } from '../shared/paging';
import type { Corpus } from './corpus';
import { renderReportPdf } from './reportPdf';
import type { CheckRow, ReviewRepo } from './repo';
import type { Review, ReviewBody } from './schemas';
import { isAccepted, PAPER_UPLOAD } from '../../../../common/api';

export const MIN_CHARS = 200;
/** Papers are kept this long, then deleted (the agreement says so). */
export const PAPER_RETENTION_DAYS = 30;

type User = Pick<UserTable, 'id'>;
type Paper = { uploadId?: string; text?: string; reviewId?: string };

/** What the user pays: whole thousands of characters, at the system's price. */
export const priceOf = (system: CheckSystemTable, chars: number) => Math.max(1, Math.ceil(chars / 1000)) * system.price_per_thousand_fen;

const newVerificationCode = () => {
  const code = randomBytes(8).toString('hex').toUpperCase();
  return `ZN-${code.slice(0, 5)}-${code.slice(5, 10)}`;
};

/**
 * A paper's title as its first line gives it (a thesis opens with its title), so the form need not
 * ask for it again; null when the first line does not look like one (a cover page's labels, 摘要).
 */
export function titleOf(text: string): string | null {
  const first = text.split('\n').map((line) => line.trim()).find(Boolean) ?? '';
  const tooPlain = /^(摘\s*要|abstract|目\s*录|contents|学\s*校|姓\s*名|学\s*号|题\s*目[:：]?$)/i.test(first);
  if (tooPlain || first.length < 4 || first.length > 100 || /[。！？]$/.test(first)) return null;
  return first.replace(/^(论文)?题\s*目[:：]\s*/, '');
}

/** Reads a paper's text in this thread; the server passes its worker pool instead (lib/filePool.ts). */
async function paperTextHere(data: Buffer, fileName: string, maxChars: number): Promise<PaperText> {
  const text = await extractText(data, fileName);
  const charCount = countChars(text);
  return { charCount, text: charCount <= maxChars ? text : undefined };
}

export function createReviewService(deps: {
  repo: ReviewRepo;
  orders: OrderService;
  jobs: JobRunner;
  corpus: Corpus;
  storage: Storage;
  paperText?: FilePool['paperText'];
}) {
  const { repo, orders, jobs, corpus, storage, paperText = paperTextHere } = deps;

  async function system(id: string) {
    const found = await repo.findSystem(id);
    if (!found) throw invalidField('systemId', '请选择检测系统');
    return found;
  }

  async function own(user: User, id: string) {
    return ownedBy(await repo.findCheck(id), user.id, '查重记录');
  }

  async function toReview(check: CheckRow): Promise<Static<typeof Review>> {
    const { name } = (await repo.findSystem(check.system_id))!;
    return {
      id: check.id,
      systemId: check.system_id,
      systemName: name,
      title: check.title,
      author: check.author,
      school: check.school,
      major: check.major,
      charCount: check.char_count,
      amountFen: check.amount_fen,
      status: check.status,
      progress: check.progress,
      orderId: check.order_id,
      orderStatus: check.order_id ? await orders.statusOf(check.order_id) : null,
      similarity: check.similarity,
      failureReason: check.failure_reason,
      verificationCode: check.verification_code,
      fileName: check.file_name,
      paperDeleted: !!check.paper_deleted_at,
      createdAt: check.created_at,
      paidAt: check.paid_at,
      finishedAt: check.finished_at,
    };
  }

  /** The paper's text and file, from the user's own upload or the pasted text, within the system's limits. */
  async function paperOf(user: User, paper: Paper, checkSystem: CheckSystemTable) {
    let found: { text: string; fileKey: string | null; fileName: string | null };
    if (paper.uploadId) {
      const upload = await repo.findUpload(paper.uploadId);
      if (!upload) throw invalidField('uploadId', '上传的文件已失效，请重新上传');
      if (upload.user_id !== user.id) throw forbidden('这不是您上传的文件');
      found = { text: upload.text, fileKey: upload.file_key, fileName: upload.file_name };
    } else if (paper.text?.trim()) {
      found = { text: tidyText(paper.text), fileKey: null, fileName: null };
    } else if (paper.reviewId) {
      const check = await own(user, paper.reviewId);
      if (check.paper_text === null) throw invalidField('paper', '论文已删除，请重新上传');
      found = { text: check.paper_text, fileKey: check.file_key, fileName: check.file_name };
    } else {
      throw invalidField('paper', '请上传论文文件或粘贴论文内容');
    }
    const chars = countChars(found.text);
    if (chars < MIN_CHARS) throw invalidField('paper', `论文内容太少（${chars} 字），至少需要 ${MIN_CHARS} 字`);
    if (chars > checkSystem.max_chars) throw invalidField('paper', `论文有 ${chars} 字，超过「${checkSystem.name}」的上限 ${checkSystem.max_chars} 字，请换用其他系统或分章检测`);
    return { ...found, chars };
  }

  const payable: Payable = {
    async quote(itemId, user) {
      const check = await own(user, itemId);
      if (check.status !== 'unpaid') throw new AppError(409, 'ALREADY_PAID', '这次检测已经付款，无需再次支付');
      const { name } = (await repo.findSystem(check.system_id))!;
      return { title: `${name} · ${check.title}（${check.char_count.toLocaleString('zh-CN')} 字）`, amountFen: check.amount_fen };
    },
    async fulfil(order, trx) {
      await repo.updateCheck(order.item_id, { status: 'queued', progress: 0, paid_at: nowIso(), order_id: order.id, updated_at: nowIso() }, trx);
      await jobs.enqueue('check', order.item_id, trx);
    },
  };

  const job: JobHandler = {
    async run(checkId, context) {
      const check = await repo.findCheck(checkId);
      if (!check || check.status === 'done') return;
      if (check.paper_text === null) throw new Error('论文已删除');
      const checkSystem = (await repo.findSystem(check.system_id))!;
      await repo.updateCheck(checkId, { status: 'checking', progress: 1, updated_at: nowIso() });
      await corpus.sync();
      let shown = 1;
      const report = await checkText(check.paper_text, corpus.index, corpus.text, {
        minMatch: checkSystem.min_match,
        onProgress: async (fraction) => {
          const percent = Math.min(99, Math.floor(fraction * 100));
          if (percent < shown + 5) return;
          shown = percent;
          await repo.updateCheck(checkId, { progress: percent, updated_at: nowIso() });
          await context.heartbeat();
        },
      });
      const titles = new Map((await repo.documentTitles(report.sources.map((s) => s.sourceId))).map((d) => [d.id, d]));
      const sources = report.sources.map((s) => {
        const doc = titles.get(s.sourceId);
        return { ...s, title: doc?.title ?? '已下线的文献', detail: doc ? `${parseList(doc.authors).join('、') || '佚名'} · ${doc.type} · ${doc.year}` : '' };
      });
      await repo.updateCheck(checkId, {
        status: 'done',
        progress: 100,
        report: JSON.stringify({ ...report, sources }),
        similarity: report.similarity,
        verification_code: newVerificationCode(),
        finished_at: nowIso(),
        updated_at: nowIso(),
      });
    },
    async giveUp(checkId, reason) {
      const check = await repo.findCheck(checkId);
      if (!check) return;
      await repo.updateCheck(checkId, { status: 'failed', failure_reason: `检测未能完成（${reason}），费用将原路退回`, updated_at: nowIso() });
      if (check.order_id) await orders.owesRefund(check.order_id);
    },
  };

  return {
    payable,
    job,

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

    /** Keeps an uploaded paper and reads its text; a file that cannot be read changes nothing. */
    async upload(user: User, rawFileName: string, data: Buffer) {
      const fileName = storedFileName(rawFileName);
      if (!isAccepted(PAPER_UPLOAD, fileName)) throw invalidField('file', PAPER_UPLOAD.wrongType);
      // a paper longer than every system takes can never be checked: say so now, keep nothing
      const longest = Math.max(...(await repo.systems()).map((s) => s.max_chars));
      let read: PaperText;
      try {
        read = await paperText(data, fileName, longest);
      } catch (error) {
        if (error instanceof ExtractError) throw invalidField('file', error.message);
        throw error;
      }
      const { charCount, text } = read;
      if (text === undefined) throw invalidField('file', `论文有 ${charCount} 字，超过所有检测系统的上限 ${longest} 字，请分章上传检测`);
      const id = newId();
      const fileKey = `papers/${user.id}/${id}.${extensionOf(fileName)}`;
      await storage.put(fileKey, data);
      await repo.insertUpload({ id, user_id: user.id, file_key: fileKey, file_name: fileName, text, char_count: charCount, created_at: nowIso() });
      return { uploadId: id, fileName, charCount, title: titleOf(text) };
    },

    async quote(user: User, body: Paper & { systemId: string }) {
      const checkSystem = await system(body.systemId);
      const { chars } = await paperOf(user, body, checkSystem);
      return { systemId: checkSystem.id, charCount: chars, amountFen: priceOf(checkSystem, chars) };
    },

    /** A new check and the order that pays for it. */
    async create(user: UserTable, body: Static<typeof ReviewBody>) {
      const checkSystem = await system(body.systemId);
      const paper = await paperOf(user, body, checkSystem);
      const now = nowIso();
      const check: CheckRow = {
        id: newId(),
        user_id: user.id,
        system_id: checkSystem.id,
        title: body.title.trim(),
        author: body.author.trim(),
        school: body.school?.trim() || null,
        major: body.major?.trim() || null,
        char_count: paper.chars,
        amount_fen: priceOf(checkSystem, paper.chars),
        status: 'unpaid',
        progress: 0,
        paper_text: paper.text,
        file_key: paper.fileKey,
        file_name: paper.fileName,
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
      await repo.insertCheck(check);
      const order = await orders.create(user, 'check', check.id);
      await repo.updateCheck(check.id, { order_id: order.id });
      return { review: await toReview({ ...check, order_id: order.id }), orderId: order.id };
    },

    /** Changes an unpaid check; its old order is cancelled and a new one made at the new price. */
    async update(user: UserTable, id: string, body: Static<typeof ReviewBody>) {
      const check = await own(user, id);
      if (check.status !== 'unpaid') throw new AppError(409, 'ALREADY_PAID', '已付款的检测不能再修改');
      const checkSystem = await system(body.systemId);
      const paper = await paperOf(user, body.uploadId || body.text ? body : { reviewId: id }, checkSystem);
      if (check.order_id) await orders.cancel(user, check.order_id).catch(() => undefined);
      await repo.updateCheck(id, {
        system_id: checkSystem.id,
        title: body.title.trim(),
        author: body.author.trim(),
        school: body.school?.trim() || null,
        major: body.major?.trim() || null,
        paper_text: paper.text,
        file_key: paper.fileKey,
        file_name: paper.fileName,
        char_count: paper.chars,
        amount_fen: priceOf(checkSystem, paper.chars),
        updated_at: nowIso(),
      });
      const order = await orders.create(user, 'check', id);
      await repo.updateCheck(id, { order_id: order.id });
      return { review: await toReview((await repo.findCheck(id))!), orderId: order.id };
    },

    async list(user: User, page: { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(page);
      const { rows, total } = await repo.listChecks(user.id, offset, limit);
      return { list: await Promise.all(rows.map(toReview)), total, current: page.current, pageSize: page.pageSize };
    },

    get: async (user: User, id: string) => toReview(await own(user, id)),

    async report(user: User, id: string) {
      const check = await own(user, id);
      if (check.status !== 'done' || !check.report) throw new AppError(409, 'REPORT_NOT_READY', '检测尚未完成，报告还不能查看');
      return { review: await toReview(check), text: check.paper_text, ...JSON.parse(check.report) };
    },

    /** The report as a PDF file, for the owner. */
    async reportPdf(user: User, id: string, verifyUrl: string) {
      const data = await this.report(user, id);
      const rank = new Map<string, number>(data.sources.map((s: { sourceId: string }, i: number) => [s.sourceId, i]));
      const pdf = await renderReportPdf({
        ...data,
        title: data.review.title,
        author: data.review.author,
        school: data.review.school,
        major: data.review.major,
        systemName: data.review.systemName,
        finishedAt: data.review.finishedAt!,
        verificationCode: data.review.verificationCode!,
        verifyUrl,
        passages: data.passages.map((p: { sourceId: string }) => ({ ...p, source: rank.get(p.sourceId) ?? 0 })),
      });
      return { pdf, fileName: `查重报告-${data.review.title}.pdf` };
    },

    /** Deletes the paper (text and file) at once; the record and its verification stay. */
    async deletePaper(user: User, id: string) {
      const check = await own(user, id);
      if (check.status === 'queued' || check.status === 'checking') throw new AppError(409, 'CHECK_RUNNING', '检测进行中，完成后才能删除论文');
      if (check.file_key) await storage.remove(check.file_key);
      await repo.updateCheck(id, { paper_text: null, file_key: null, paper_deleted_at: nowIso(), updated_at: nowIso() });
      if (check.status === 'unpaid' && check.order_id) await orders.cancel(user as UserTable, check.order_id).catch(() => undefined);
      return toReview((await repo.findCheck(id))!);
    },

    /** Deletes papers past the retention period, and uploads never used in a check; returns how many. */
    async deleteExpiredPapers(now = Date.now()) {
      const before = new Date(now - PAPER_RETENTION_DAYS * 24 * 3600 * 1000).toISOString();
      const papers = await repo.papersOlderThan(before);
      for (const paper of papers) {
        if (paper.file_key) await storage.remove(paper.file_key);
        await repo.updateCheck(paper.id, { paper_text: null, file_key: null, paper_deleted_at: nowIso(), updated_at: nowIso() });
      }
      const uploads = await repo.uploadsOlderThan(before);
      for (const upload of uploads) {
        // a check may still point at the file it was created from: the check's own deletion removes it
        await repo.deleteUpload(upload.id);
      }
      return papers.length + uploads.length;
    },

    /** Anyone may verify a report by its code: title, system, date and similarity only. */
    async verify(code: string) {
      const check = await repo.findByCode(code.trim().toUpperCase());
      if (!check || check.status !== 'done') throw notFound('没有这个验证码对应的报告，请核对后重试');
      const { name } = (await repo.findSystem(check.system_id))!;
      return { title: check.title, systemName: name, finishedAt: check.finished_at!, similarity: check.similarity!, charCount: check.char_count };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
