/** Plagiarism checks: systems, the paper, the price, the check itself, its report and verification. */
import { del, get, post, postForm, put, type ApiResponse, type CallOptions, segment } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as schemas from '../../../server/src/modules/review/schemas';
import type { Paged, PageQuery } from '@/utils/request';

// the API's own schemas: one definition of each shape for the server, the mock and the app
export type ReviewSystem = Static<typeof schemas.ReviewSystem>;
/** the server's count and price of a paper, with how the price was reached */
export type Quote = Static<typeof schemas.Quote>;
export type Review = Static<typeof schemas.Review>;
export type ReviewStatus = Review['status'];
export type Report = Static<typeof schemas.ReportBody>;
export type Passage = Report['passages'][number];

/** The paper of a check: an uploaded file's id, or pasted text (for a price: one's own unpaid check). */
export type Paper = Pick<Static<typeof schemas.QuoteBody>, 'uploadId' | 'text' | 'reviewId'>;
export type ReviewForm = Static<typeof schemas.ReviewBody>;

export const listSystems = () => get<ApiResponse<ReviewSystem[]>>('/v1/review/system');

/** The paper as a file: the form says a refusal beside the drop zone; an ended session still goes to login. */
export function uploadPaper(file: File, options: CallOptions = {}) {
  const form = new FormData();
  form.append('file', file);
  return postForm<ApiResponse<Static<typeof schemas.Upload>>>('/v1/review/paper', form, { refusalShownByPage: true, ...options });
}

export const quoteReview = (body: Paper & { systemId: string }) => post<ApiResponse<Quote>>('/v1/review/quote', body, undefined, { skipErrorHandler: true });

/** A new check and its order; `quotedFen`, the price the form showed, is refused (409 PRICE_CHANGED) when no longer the price. */
export const createReview = (body: ReviewForm, options?: CallOptions) =>
  post<ApiResponse<{ review: Review; orderId: string }>>('/v1/review', body, undefined, options);

export const updateReview = (reviewId: string, body: ReviewForm, options?: CallOptions) =>
  put<ApiResponse<{ review: Review; orderId: string }>>(`/v1/review/${segment(reviewId)}`, body, undefined, options);

export const listReviews = (query: PageQuery, options?: CallOptions) => get<ApiResponse<Paged<Review>>>('/v1/review', { ...query }, options);

export const getReview = (reviewId: string) => get<ApiResponse<Review>>(`/v1/review/${segment(reviewId)}`);

export const deletePaper = (reviewId: string) => del<ApiResponse<Review>>(`/v1/review/${segment(reviewId)}/paper`);

export const getReport = (reviewId: string, options?: CallOptions) => get<ApiResponse<Report>>(`/v1/review/${segment(reviewId)}/report`, undefined, options);

/** The report as a PDF file: downloaded through the request layer (DownloadButton), which adds the API prefix. */
export const reportPdfPath = (reviewId: string) => `/v1/review/${segment(reviewId)}/report.pdf`;

/** The PDF's name when the server gives none. */
export const reportPdfName = (title: string) => `查重报告-${title}.pdf`;

export const verifyReport = (code: string) =>
  get<ApiResponse<{ title: string; systemName: string; finishedAt: string; similarity: number; charCount: number }>>(
    `/v1/review/verify/${segment(code)}`,
    undefined,
    { skipErrorHandler: true },
  );

/** 12.3% */
export const formatPercent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** What is said where a system asked for (a link, the form's choice) is not on sale. */
export const OFF_SALE_NOTICE = '所选的检测系统已下架，请另选一个检测系统';
