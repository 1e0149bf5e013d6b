/** The database tables, as Kysely sees them. Times are ISO 8601 UTC text in both engines. */
import type { Generated } from 'kysely';
import type { OrderKind } from '../../../common/orderKind';
import type { CloseReason } from '../../../common/orderState';
import type { Role } from '../../../common/roles';

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  nickname: string;
  real_name: string | null;
  school: string | null;
  major: string | null;
  degree: string | null;
  phone: string | null;
  avatar: string | null;
  /** common/roles.ts; 'user' unless granted by `npm run admin` */
  role: Role;
  /** set while the back office has the account disabled (no sign-in, no session) */
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  /** sha256 of the cookie's session id: a leaked table does not hand out sessions */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  email: string;
  purpose: 'register' | 'reset';
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxMailTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface Database {
  users: UserTable;
  sessions: SessionTable;
  verification_codes: VerificationCodeTable;
  outbox_mails: OutboxMailTable;
  orders: OrderTable;
  payment_notifications: PaymentNotificationTable;
  articles: ArticleTable;
  article_views: ArticleViewTable;
  documents: DocumentTable;
  document_removals: DocumentRemovalTable;
  review_systems: ReviewSystemTable;
  paper_uploads: PaperUploadTable;
  reviews: ReviewTable;
  jobs: JobTable;
  review_parts: ReviewPartTable;
  templates: TemplateTable;
  typesets: TypesetTable;
  throttles: ThrottleTable;
  audit_log: AuditLogTable;
  refunds: RefundTable;
}

/** One back-office change (modules/audit): appended, never changed. */
export interface AuditLogTable {
  id: Generated<number>;
  /** null: the command line (`npm run admin`) */
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON of the record before and after the change; null where there was none */
  before: string | null;
  after: string | null;
  created_at: string;
}

/** How often a key (an account, an address, a recipient) was tried in its current window. */
export interface ThrottleTable {
  key: string;
  hits: number;
  window_started_at: string;
}

export interface OrderTable {
  id: string;
  user_id: string;
  /** what is sold: 'review' (a plagiarism check, 查重) or 'typeset' */
  kind: OrderKind;
  item_id: string;
  title: string;
  amount_fen: number;
  status: 'pending' | 'paid' | 'closed' | 'refunded';
  close_reason: CloseReason | null;
  channel: string | null;
  gateway: string | null;
  gateway_trade_no: string | null;
  /** a payment arrived for an order that was already closed: money to give back */
  refund_due: number;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  closed_at: string | null;
  /** the last refund's time */
  refunded_at: string | null;
  /** what has been refunded through the gateway, in fen (a partial refund leaves less than amount_fen) */
  refunded_fen: number;
  /** what the price was computed from, for an item priced per started thousand characters (a review); null otherwise */
  price_chars: number | null;
  price_per_thousand_fen: number | null;
}

/** A refund sent to the gateway under its request number (idempotent there and here). */
export interface RefundTable {
  request_no: string;
  order_id: string;
  amount_fen: number;
  reason: string;
  /** pending: sent, its answer not known yet; succeeded; refused by the gateway */
  status: 'pending' | 'succeeded' | 'refused';
  operator_id: string;
  gateway: string;
  /** the gateway transaction given back */
  trade_no: string | null;
  gateway_refund_no: string | null;
  /** why the gateway refused it */
  failure: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface PaymentNotificationTable {
  id: Generated<number>;
  gateway: string;
  trade_no: string;
  order_id: string;
  amount_fen: number;
  outcome: string;
  created_at: string;
}

export interface ArticleTable {
  seq: Generated<number>;
  id: string;
  title: string;
  summary: string;
  /** Markdown */
  body: string;
  category: string;
  /** JSON array of strings */
  tags: string;
  author: string;
  /** the time it was (last) published; for a draft, when it was written */
  published_at: string;
  view_count: Generated<number>;
  /** 1: readers see it; 0: a draft or taken down in the back office */
  published: Generated<number>;
  updated_at: string | null;
  /** sha256 of the source: importing the same article twice changes nothing */
  content_hash: string;
  created_at: string;
}

/** One row per article and visitor session: a view is counted once. */
export interface ArticleViewTable {
  article_id: string;
  visitor: string;
  created_at: string;
}

export interface DocumentTable {
  seq: Generated<number>;
  id: string;
  title: string;
  /** JSON array of strings */
  authors: string;
  year: number;
  type: string;
  discipline: string;
  /** JSON array of strings */
  keywords: string;
  abstract: string;
  /** the whole text, paragraphs separated by line breaks: also the plagiarism check's reference corpus */
  full_text: string;
  char_count: number;
  featured: Generated<number>;
  /** sha256 of the normalised full text: importing the same paper twice changes nothing */
  content_hash: string;
  /** the original file in storage, when imported from .docx or .pdf */
  file_key: string | null;
  file_name: string | null;
  created_at: string;
}

/** A document taken out of the library: the corpus indexes catch up by `seq`. */
export interface DocumentRemovalTable {
  seq: Generated<number>;
  document_id: string;
  removed_at: string;
}

/** A plagiarism-check system: what it compares against, how strictly, at what price. */
export interface ReviewSystemTable {
  id: string;
  name: string;
  description: string;
  price_per_thousand_fen: number;
  /** the shortest passage reported, in Chinese characters or words */
  min_match: number;
  /** JSON array: the corpora compared against */
  corpora: string;
  max_chars: number;
  turnaround: string;
  sort: number;
  /** 1: offered to students; 0: taken off sale in the back office (its reviews and orders stay) */
  enabled: number;
}

/** A paper uploaded for a review, with its extracted text, before the review is created. */
export interface PaperUploadTable {
  id: string;
  user_id: string;
  file_key: string;
  file_name: string;
  text: string;
  char_count: number;
  created_at: string;
}

export type ReviewStatus = 'unpaid' | 'queued' | 'running' | 'done' | 'failed';

export interface ReviewTable {
  id: string;
  user_id: string;
  system_id: string;
  title: string;
  author: string;
  school: string | null;
  major: string | null;
  char_count: number;
  amount_fen: number;
  status: ReviewStatus;
  progress: number;
  /** the paper's text; null once the paper is deleted (after 30 days or on request) */
  paper_text: string | null;
  file_key: string | null;
  file_name: string | null;
  /** the order paying for it (the latest one) */
  order_id: string | null;
  /** JSON of the engine's report, with source titles */
  report: string | null;
  similarity: number | null;
  failure_reason: string | null;
  verification_code: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  finished_at: string | null;
  paper_deleted_at: string | null;
}

/** One shard's part of a review of a library in shards (JSON of the engine's IndexHits). */
export interface ReviewPartTable {
  review_id: string;
  shard: number;
  hits: string;
  created_at: string;
}

/** Durable background work: claimed through the database, so a restart or a second server resumes it. */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  ref_id: string;
  /** cancelled: its item was deleted before the job ended; kept for the back office, never run again */
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  attempts: number;
  /** a running job whose lock has passed was abandoned (a crash) and may be claimed again */
  locked_until: string | null;
  last_error: string | null;
  /** whose work it is (a typesetting's student): the jobs of a kind take turns across accounts; '' for none */
  account_id: Generated<string>;
  /** when it was last claimed: the account that started one of a kind longest ago goes next */
  started_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A typesetting template: the columns lists show, and the whole validated specification. */
export interface TemplateTable {
  id: string;
  name: string;
  degree: string;
  discipline: string;
  description: string;
  price_fen: number;
  /** JSON of the engine's Template */
  spec: string;
  sort: number;
  /** 1: offered to students; 0: taken off sale in the back office (its typesets and orders stay) */
  enabled: number;
}

export type TypesetStatus = 'queued' | 'running' | 'done' | 'failed';

export interface TypesetTable {
  id: string;
  user_id: string;
  template_id: string;
  title: string;
  /** JSON of the cover fields */
  fields: string;
  manuscript_key: string | null;
  manuscript_name: string;
  status: TypesetStatus;
  progress: number;
  /** JSON array of what the engine could not place */
  warnings: string;
  /** the finished .docx and its PDF (none without LibreOffice) */
  output_key: string | null;
  pdf_key: string | null;
  /** the folder of the preview's pages (1.png, 2.png …, watermarked pictures), and how many there are */
  preview_key: string | null;
  preview_pages: number;
  order_id: string | null;
  paid_at: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
