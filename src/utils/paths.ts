/**
 * The addresses of the app's pages (config/routes.ts, docs/spec.md §2), built in one place: pages
 * link and navigate with these rather than writing route strings of their own.
 */
import { FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '@/constants';

const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: '/',
  login: LOGIN_PATH,
  /** the login page with the e-mail filled in (after registering) */
  loginAs: (email: string) => `${LOGIN_PATH}?email=${id(email)}`,
  register: '/user/register',
  agreement: '/user/agreement',
  resetPassword: '/user/reset-password',
  forbidden: FORBIDDEN_PATH,
  notFound: NOT_FOUND_PATH,

  /** the home page's lists filtered: articles of a category, sample papers of a discipline (LatestArticles, DocumentLibrary) */
  articlesOf: (category: string) => `/?category=${id(category)}`,
  papersOf: (discipline: string) => `/?discipline=${id(discipline)}`,
  article: (articleId: string) => `/article/detail/${id(articleId)}`,
  document: (documentId: string) => `/document/detail/${id(documentId)}`,

  reviewHome: '/review/home',
  reviewSystem: (systemId: string) => `/review/home/${id(systemId)}`,
  /** the check form: new (optionally with a system chosen), or an existing check */
  reviewInfo: (reviewId?: string) => (reviewId ? `/review/info/${id(reviewId)}` : '/review/info'),
  reviewInfoFor: (systemId: string) => `/review/info?systemId=${id(systemId)}`,

  templateList: '/typeset/template-list',
  template: (templateId: string) => `/typeset/template-detail/${id(templateId)}`,
  typesetPreview: (typesetId: string) => `/typeset/preview/${id(typesetId)}`,

  pay: (orderId: string) => `/pay/${id(orderId)}`,

  personal: '/personal',
  reviewList: '/personal/review/list',
  reviewReport: (reviewId: string) => `/personal/review/report/${id(reviewId)}`,
  typesetList: '/personal/typeset/list',
  orderList: '/personal/order/list',
  personalResetPassword: '/personal/security/reset-password',

  /** the back office (运营后台), staff only */
  admin: '/admin',
} as const;
