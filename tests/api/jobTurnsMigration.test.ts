/**
 * Migration 0023_job_turns: the typesetting jobs a database already holds name their student, so
 * they take turns with the new ones; the other jobs name no account.
 */
import type { Kysely } from 'kysely';
import { storedUserRow } from '../fixtures/storedRows';
import { useUnmigratedDatabase } from './testApp';

const fresh = useUnmigratedDatabase('zn-job-turns-');

const now = new Date(Date.UTC(2026, 0, 5, 8, 0, 0)).toISOString();
const job = (kind: string, refId: string) => ({
  kind,
  ref_id: refId,
  status: 'queued',
  attempts: 0,
  locked_until: null,
  last_error: null,
  created_at: now,
  updated_at: now,
});

test("a queued typesetting's job names its student; a review's job and one whose typesetting is gone name none", async () => {
  const { error } = await fresh.migrator().migrateTo('0022_journal_article');
  if (error) throw error;
  const before = fresh.db as unknown as Kysely<any>;
  await before.insertInto('users').values(storedUserRow(now)).execute();
  await before
    .insertInto('templates')
    .values({ id: 'tpl_old', name: '旧模板', degree: '本科', discipline: '通用', description: '-', price_fen: 1900, spec: '{}', sort: 1 })
    .execute();
  await before
    .insertInto('typesets')
    .values({
      id: 't_old',
      user_id: 'u_old',
      template_id: 'tpl_old',
      title: '旧排版',
      fields: '{}',
      manuscript_name: 'a.docx',
      status: 'queued',
      warnings: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await before
    .insertInto('jobs')
    .values([job('typeset', 't_old'), job('typeset', 't_gone'), job('review', 'r_old')])
    .execute();

  const { error: latest } = await fresh.migrator().migrateToLatest();
  if (latest) throw latest;
  const rows = await fresh.db.selectFrom('jobs').select(['kind', 'ref_id', 'account_id', 'started_at']).orderBy('id').execute();
  expect(rows).toEqual([
    { kind: 'typeset', ref_id: 't_old', account_id: 'u_old', started_at: null },
    { kind: 'typeset', ref_id: 't_gone', account_id: '', started_at: null },
    { kind: 'review', ref_id: 'r_old', account_id: '', started_at: null },
  ]);
});
