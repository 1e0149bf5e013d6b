import { del, get, post, postForm, put, segment } from '@/utils/request';
import type { ApiResponse, CallOptions, Paged } from '@/utils/request';
import type { Static, TSchema } from '@sinclair/typebox';
import type * as schemas from '../../../server/src/modules/admin/schemas';
import type * as articleSchemas from '../../../server/src/modules/admin/articleSchemas';
import type * as catalogueSchemas from '../../../server/src/modules/admin/catalogueSchemas';
import type * as jobSchemas from '../../../server/src/modules/admin/jobSchemas';
import type * as librarySchemas from '../../../server/src/modules/admin/librarySchemas';
import type * as userDetailSchemas from '../../../server/src/modules/admin/userDetailSchemas';

/** Every schema a server module exports, as the type of the JSON it describes. */
type Shapes<M> = { [K in keyof M]: M[K] extends TSchema ? Static<M[K]> : never };
/** The back office's API in the server's own schemas (server/src/modules/admin/*Schemas.ts): one definition of each shape. */
type Api = Shapes<typeof schemas & typeof articleSchemas & typeof catalogueSchemas & typeof jobSchemas & typeof librarySchemas & typeof userDetailSchemas>;
/** A list's search as the page sends it: any field may be left out. */
type Query<K extends keyof Api> = Partial<Api[K]>;

export type AdminOrder = Api['AdminOrder'];
export type AdminOrderDetail = Api['AdminOrderDetail'];
export type AdminOrderQuery = Query<'AdminOrderQuery'>;
export type RefundBody = Api['RefundBody'];
export type AdminUser = Api['AdminUser'];
export type AdminUserQuery = Query<'AdminUserQuery'>;
export type AuditEntry = Api['AuditEntry'];
export type AuditQuery = Query<'AuditListQuery'>;
export type AdminArticle = Api['AdminArticle'];
export type AdminArticleQuery = Query<'AdminArticleQuery'>;
export type ArticleBody = Api['ArticleBody'];
export type AdminSystem = Api['AdminSystem'];
export type SystemBody = Api['SystemBody'];
export type AdminTemplate = Api['AdminTemplate'];
export type TemplateBody = Api['TemplateBody'];
export type AdminOverview = Api['AdminOverview'];
export type AdminJob = Api['AdminJob'];
export type AdminJobQuery = Query<'AdminJobQuery'>;
export type JobStatus = Api['JobStatus'];
export type JobFamily = Api['JobFamily'];
export type LibraryDocument = Api['LibraryDocument'];
export type LibraryQuery = Query<'LibraryQuery'>;
export type LibraryImport = Api['LibraryImport'];
export type AdminUserDetail = Api['AdminUserDetail'];

/** Forms show their own errors (in the dialog), so their calls skip the common handler. */
const formCall: CallOptions = { skipErrorHandler: true };

export const searchOrders = (query: AdminOrderQuery) => get<ApiResponse<Paged<AdminOrder>>>('/v1/admin/orders', { ...query });

export const getAdminOrder = (orderId: string) => get<ApiResponse<AdminOrderDetail>>(`/v1/admin/orders/${segment(orderId)}`, undefined, formCall);

/** A refund under the request number the dialog made when it opened: sending it again is the same refund. */
export const refundOrder = (orderId: string, body: RefundBody) =>
  post<ApiResponse<AdminOrderDetail>>(`/v1/admin/orders/${segment(orderId)}/refund`, body, undefined, formCall);

export const searchUsers = (query: AdminUserQuery) => get<ApiResponse<Paged<AdminUser>>>('/v1/admin/users', { ...query });

export const disableUser = (userId: string, reason: string) =>
  post<ApiResponse<AdminUser>>(`/v1/admin/users/${segment(userId)}/disable`, { reason }, undefined, formCall);

export const enableUser = (userId: string) => post<ApiResponse<AdminUser>>(`/v1/admin/users/${segment(userId)}/enable`, undefined, undefined, formCall);

export const listAudit = (query: AuditQuery) => get<ApiResponse<Paged<AuditEntry>>>('/v1/admin/audit', { ...query });

export const listArticles = (query: AdminArticleQuery) => get<ApiResponse<Paged<AdminArticle>>>('/v1/admin/articles', { ...query });

export const createArticle = (body: ArticleBody) => post<ApiResponse<AdminArticle>>('/v1/admin/articles', body, undefined, formCall);

export const updateArticle = (articleId: string, body: ArticleBody) =>
  put<ApiResponse<AdminArticle>>(`/v1/admin/articles/${segment(articleId)}`, body, undefined, formCall);

/** Publishes (readers see it at once, first in its list) or takes it down. */
export const setArticlePublished = (articleId: string, published: boolean) =>
  post<ApiResponse<AdminArticle>>(`/v1/admin/articles/${segment(articleId)}/${published ? 'publish' : 'unpublish'}`, undefined, undefined, formCall);

/** The review systems and templates, those off sale too: a handful each, in one page. */
export const listSystems = () => get<ApiResponse<Paged<AdminSystem>>>('/v1/admin/systems');
export const listTemplates = () => get<ApiResponse<Paged<AdminTemplate>>>('/v1/admin/templates');

/** New prices and limits apply to orders made after the change. */
export const changeSystem = (systemId: string, body: SystemBody) =>
  put<ApiResponse<AdminSystem>>(`/v1/admin/systems/${segment(systemId)}`, body, undefined, formCall);
export const changeTemplate = (templateId: string, body: TemplateBody) =>
  put<ApiResponse<AdminTemplate>>(`/v1/admin/templates/${segment(templateId)}`, body, undefined, formCall);

/** 概览: the last `days` days (China time), their totals, and the queue now. */
export const getOverview = (days: number) => get<ApiResponse<AdminOverview>>('/v1/admin/overview', { days });

export const listJobs = (query: AdminJobQuery) => get<ApiResponse<Paged<AdminJob>>>('/v1/admin/jobs', { ...query });

/** Queues a given-up job again; refused (in the answer's message) for one that is not failed or not safe to run again. */
export const retryJob = (jobId: number) => post<ApiResponse<AdminJob>>(`/v1/admin/jobs/${jobId}/retry`, undefined, undefined, formCall);

export const listLibrary = (query: LibraryQuery) => get<ApiResponse<Paged<LibraryDocument>>>('/v1/admin/library', { ...query });

/** Papers (and their .json metadata) imported as `npm run import` imports a folder; the answer says what became of each. */
export function uploadToLibrary(files: File[], options: CallOptions = {}) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  return postForm<ApiResponse<LibraryImport>>('/v1/admin/library', form, { ...formCall, ...options });
}

/** Out of the library: no check compares against it from then on. */
export const removeFromLibrary = (documentId: string) =>
  del<ApiResponse<{ id: string; title: string }>>(`/v1/admin/library/${segment(documentId)}`, undefined, undefined, formCall);

export const getAdminUser = (userId: string) => get<ApiResponse<AdminUserDetail>>(`/v1/admin/users/${segment(userId)}`, undefined, formCall);
