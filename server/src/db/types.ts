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
}
