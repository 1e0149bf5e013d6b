/** Plagiarism checks: systems, the paper, the price, the check itself, its report and verification. */
import { del, get, post, postForm, put, type ApiResponse, type CallOptions } from '@/utils/request';
import type { Paged, PageQuery } from './reading';

export interface CheckSystem {
  id: string;
  name: string;
  description: string;
  pricePerThousandFen: number;
  minMatch: number;
  corpora: string[];
  maxChars: number;
  turnaround: string;
}

export type ReviewStatus = 'unpaid' | 'queued' | 'checking' | 'done' | 'failed';

export interface Review {
  id: string;
  systemId: string;
  systemName: string;
  title: string;
  author: string;
  school: string | null;
  major: string | null;
  charCount: number;
  amountFen: number;
  status: ReviewStatus;
  progress: number;
  orderId: string | null;
  similarity: number | null;
  failureReason: string | null;
  verificationCode: string | null;
  fileName: string | null;
  paperDeleted: boolean;
  createdAt: string;
  paidAt: string | null;
  finishedAt: string | null;
}

/** The paper of a check: an uploaded file's id, or pasted text. */
export interface Paper {
  uploadId?: string;
  text?: string;
  /** for a price: the paper of one's own unpaid check */
  reviewId?: string;
}

export interface ReviewForm extends Paper {
  systemId: string;
  title: string;
  author: string;
  school?: string;
  major?: string;
}

export interface Figure {
  totalChars: number;
  matchedChars: number;
  similarity: number;
}

export interface Passage {
  sourceId: string;
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
  sourceText: string;
  chars: number;
}

export interface Report extends Figure {
  review: Review;
  text: string | null;
  excludingQuotes: Figure;
  chapters: Array<Figure & { title: string; start: number; end: number }>;
  sources: Array<{ sourceId: string; title: string; detail: string; matchedChars: number; share: number }>;
  passages: Passage[];
}

const path = (id: string) => encodeURIComponent(id);

export const listSystems = () => get<ApiResponse<CheckSystem[]>>('/v1/review/system');

export function uploadPaper(file: File, options: CallOptions = {}) {
  const form = new FormData();
  form.append('file', file);
  return postForm<ApiResponse<{ uploadId: string; fileName: string; charCount: number }>>('/v1/review/paper', form, { skipErrorHandler: true, ...options });
}

export const quoteReview = (body: Paper & { systemId: string }) =>
  post<ApiResponse<{ systemId: string; charCount: number; amountFen: number }>>('/v1/review/quote', body, undefined, { skipErrorHandler: true });

export const createReview = (body: ReviewForm) => post<ApiResponse<{ review: Review; orderId: string }>>('/v1/review', body);

export const updateReview = (reviewId: string, body: ReviewForm) => put<ApiResponse<{ review: Review; orderId: string }>>(`/v1/review/${path(reviewId)}`, body);

export const listReviews = (query: PageQuery) => get<ApiResponse<Paged<Review>>>('/v1/review', { ...query });

export const getReview = (reviewId: string) => get<ApiResponse<Review>>(`/v1/review/${path(reviewId)}`);

export const deletePaper = (reviewId: string) => del<ApiResponse<Review>>(`/v1/review/${path(reviewId)}/paper`);

export const getReport = (reviewId: string) => get<ApiResponse<Report>>(`/v1/review/${path(reviewId)}/report`);

/** Where the report's PDF downloads from (a plain link: the browser sends the session cookie). */
export const reportPdfUrl = (reviewId: string) => `/api/v1/review/${path(reviewId)}/report.pdf`;

export const verifyReport = (code: string) =>
  get<ApiResponse<{ title: string; systemName: string; finishedAt: string; similarity: number; charCount: number }>>(`/v1/review/verify/${path(code)}`, undefined, { skipErrorHandler: true });

/** 12.3% */
export const formatPercent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
