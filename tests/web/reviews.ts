/** Checks as the API answers them, for pages that show one. */
import type { Report } from '@/features/review/api';

/** A finished, paid check of the demo paper (30 characters, 30 % marked), with `id`. */
export const doneReview = (id: string) =>
  ({
    id,
    systemId: 'undergraduate',
    systemName: '本科毕业论文检测',
    title: '县域中学课后服务研究',
    author: '林晓',
    school: null,
    major: null,
    charCount: 30,
    amountFen: 300,
    status: 'done',
    progress: 100,
    orderId: 'o1',
    orderStatus: 'paid',
    similarity: 0.3,
    failureReason: null,
    verificationCode: 'ZN-00000-00000',
    createdAt: '2026-01-01T00:00:00.000Z',
    paidAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:00.000Z',
    paperDeletedAt: null,
    fileName: null,
  }) as unknown as Report['review'];
