import { del, get, post, postForm, put } from '@/utils/request';
import type { ApiResponse, CallOptions, Paged } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as schemas from '../../../server/src/modules/admin/schemas';
import type * as articleSchemas from '../../../server/src/modules/admin/articleSchemas';
import type * as catalogueSchemas from '../../../server/src/modules/admin/catalogueSchemas';
import type * as jobSchemas from '../../../server/src/modules/admin/jobSchemas';
import type * as librarySchemas from '../../../server/src/modules/admin/librarySchemas';
import type * as userDetailSchemas from '../../../server/src/modules/admin/userDetailSchemas';

// the API's own schemas (server/src/modules/admin/schemas.ts): one definition of each shape
export type AdminOrder = Static<typeof schemas.AdminOrder>;
export type AdminOrderDetail = Static<typeof schemas.AdminOrderDetail>;
export type AdminOrderQuery = Partial<Static<typeof schemas.AdminOrderQuery>>;
export type RefundBody = Static<typeof schemas.RefundBody>;
export type AdminUser = Static<typeof schemas.AdminUser>;
export type AdminUserQuery = Partial<Static<typeof schemas.AdminUserQuery>>;
export type AuditEntry = Static<typeof schemas.AuditEntry>;
export type AuditQuery = Partial<Static<typeof schemas.AuditListQuery>>;
export type AdminArticle = Static<typeof articleSchemas.AdminArticle>;
export type AdminArticleQuery = Partial<Static<typeof articleSchemas.AdminArticleQuery>>;
export type ArticleBody = Static<typeof articleSchemas.ArticleBody>;
export type AdminSystem = Static<typeof catalogueSchemas.AdminSystem>;
export type SystemBody = Static<typeof catalogueSchemas.SystemBody>;
export type AdminTemplate = Static<typeof catalogueSchemas.AdminTemplate>;
export type TemplateBody = Static<typeof catalogueSchemas.TemplateBody>;
export type AdminOverview = Static<typeof jobSchemas.AdminOverview>;
export type AdminJob = Static<typeof jobSchemas.AdminJob>;
export type AdminJobQuery = Partial<Static<typeof jobSchemas.AdminJobQuery>>;
export type JobStatus = Static<typeof jobSchemas.JobStatus>;
export type JobFamily = Static<typeof jobSchemas.JobFamily>;

/** Forms show their own errors (in the dialog), so their calls skip the common handler. */
const formCall: CallOptions = { skipErrorHandler: true };
const id = (value: string) => encodeURIComponent(value);

export const searchOrders = (query: AdminOrderQuery) => get<ApiResponse<Paged<AdminOrder>>>('/v1/admin/orders', { ...query });

export const getAdminOrder = (orderId: string) => get<ApiResponse<AdminOrderDetail>>(`/v1/admin/orders/${id(orderId)}`, undefined, formCall);

/** A refund under the request number the dialog made when it opened: sending it again is the same refund. */
export const refundOrder = (orderId: string, body: RefundBody) =>
  post<ApiResponse<AdminOrderDetail>>(`/v1/admin/orders/${id(orderId)}/refund`, body, undefined, formCall);

export const searchUsers = (query: AdminUserQuery) => get<ApiResponse<Paged<AdminUser>>>('/v1/admin/users', { ...query });

export const disableUser = (userId: string, reason: string) =>
  post<ApiResponse<AdminUser>>(`/v1/admin/users/${id(userId)}/disable`, { reason }, undefined, formCall);

export const enableUser = (userId: string) => post<ApiResponse<AdminUser>>(`/v1/admin/users/${id(userId)}/enable`, undefined, undefined, formCall);

export const listAudit = (query: AuditQuery) => get<ApiResponse<Paged<AuditEntry>>>('/v1/admin/audit', { ...query });

export const listArticles = (query: AdminArticleQuery) => get<ApiResponse<Paged<AdminArticle>>>('/v1/admin/articles', { ...query });

export const createArticle = (body: ArticleBody) => post<ApiResponse<AdminArticle>>('/v1/admin/articles', body, undefined, formCall);

export const updateArticle = (articleId: string, body: ArticleBody) =>
  put<ApiResponse<AdminArticle>>(`/v1/admin/articles/${id(articleId)}`, body, undefined, formCall);

/** Publishes (readers see it at once, first in its list) or takes it down. */
export const setArticlePublished = (articleId: string, published: boolean) =>
  post<ApiResponse<AdminArticle>>(`/v1/admin/articles/${id(articleId)}/${published ? 'publish' : 'unpublish'}`, undefined, undefined, formCall);

/** The review systems and templates, those off sale too: a handful each, in one page. */
export const listSystems = () => get<ApiResponse<Paged<AdminSystem>>>('/v1/admin/systems');
export const listTemplates = () => get<ApiResponse<Paged<AdminTemplate>>>('/v1/admin/templates');

/** New prices and limits apply to orders made after the change. */
export const changeSystem = (systemId: string, body: SystemBody) =>
  put<ApiResponse<AdminSystem>>(`/v1/admin/systems/${id(systemId)}`, body, undefined, formCall);
export const changeTemplate = (templateId: string, body: TemplateBody) =>
  put<ApiResponse<AdminTemplate>>(`/v1/admin/templates/${id(templateId)}`, body, undefined, formCall);

/** 概览: the last `days` days (China time), their totals, and the queue now. */
export const getOverview = (days: number) => get<ApiResponse<AdminOverview>>('/v1/admin/overview', { days });

export const listJobs = (query: AdminJobQuery) => get<ApiResponse<Paged<AdminJob>>>('/v1/admin/jobs', { ...query });

/** Queues a given-up job again; refused (in the answer's message) for one that is not failed or not safe to run again. */
export const retryJob = (jobId: number) => post<ApiResponse<AdminJob>>(`/v1/admin/jobs/${jobId}/retry`, undefined, undefined, formCall);
// 文献库 and an account's detail
export type LibraryDocument = Static<typeof librarySchemas.LibraryDocument>;
export type LibraryQuery = Partial<Static<typeof librarySchemas.LibraryQuery>>;
export type LibraryImport = Static<typeof librarySchemas.LibraryImport>;
export type AdminUserDetail = Static<typeof userDetailSchemas.AdminUserDetail>;

export const listLibrary = (query: LibraryQuery) => get<ApiResponse<Paged<LibraryDocument>>>('/v1/admin/library', { ...query });

/** Papers (and their .json metadata) imported as `npm run import` imports a folder; the answer says what became of each. */
export function uploadToLibrary(files: File[], options: CallOptions = {}) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  return postForm<ApiResponse<LibraryImport>>('/v1/admin/library', form, { ...formCall, ...options });
}

/** Out of the library: no check compares against it from then on. */
export const removeFromLibrary = (documentId: string) =>
  del<ApiResponse<{ id: string; title: string }>>(`/v1/admin/library/${id(documentId)}`, undefined, undefined, formCall);

export const getAdminUser = (userId: string) => get<ApiResponse<AdminUserDetail>>(`/v1/admin/users/${id(userId)}`, undefined, formCall);
