/**
 * The audit log: every back-office change goes through `record`, once, with who made it, what it
 * was done to, and that record before and after. The log is append-only (its repo has no update
 * or delete) and only admins read it.
 */
import type { Transaction } from 'kysely';
import type { AuditAction } from '../../../../common/auditActions';
import type { Database } from '../../db/types';
import { nowIso } from '../../lib/time';
import { pageWindow } from '../shared/paging';
import type { AuditRepo, AuditRow } from './repo';

/** Who made a change: a signed-in account, or the command line. */
export type Actor = { id: string; email: string } | 'command line';

export interface AuditEntry {
  actor: Actor;
  /** `<target>.<verb>`, e.g. `order.refund`, `user.role`: one the back office names (common/auditActions.ts) */
  action: AuditAction;
  target: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

export function toPublicAuditEntry(row: AuditRow) {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: parse(row.before),
    after: parse(row.after),
    createdAt: row.created_at,
  };
}

export function createAuditService(repo: AuditRepo) {
  return {
    /** Appends one entry; inside `trx` when given, so it stands or falls with the change itself. */
    async record(entry: AuditEntry, trx?: Transaction<Database>) {
      const { actor } = entry;
      await repo.append(
        {
          actor_id: actor === 'command line' ? null : actor.id,
          actor_email: actor === 'command line' ? '(命令行)' : actor.email,
          action: entry.action,
          target_type: entry.target.type,
          target_id: entry.target.id,
          before: json(entry.before),
          after: json(entry.after),
          created_at: nowIso(),
        },
        trx,
      );
    },

    async list(query: { current: number; pageSize: number; action?: string; targetId?: string }) {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await repo.list({ action: query.action, targetId: query.targetId }, offset, limit);
      return { list: rows.map(toPublicAuditEntry), total, current: query.current, pageSize: query.pageSize };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
