/** The database tables, as Kysely sees them. Times are ISO 8601 UTC text in both engines. */
import type { Generated } from 'kysely';

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
}

export interface OrderTable {
  id: string;
  user_id: string;
  /** what is sold: 'check' (plagiarism check) or 'typeset' */
  kind: string;
  item_id: string;
  title: string;
  amount_fen: number;
  status: 'pending' | 'paid' | 'closed' | 'refunded';
  close_reason: 'cancelled' | 'expired' | null;
  channel: string | null;
  gateway: string | null;
  gateway_trade_no: string | null;
  /** a payment arrived for an order that was already closed: money to give back */
  refund_due: number;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  closed_at: string | null;
  refunded_at: string | null;
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
