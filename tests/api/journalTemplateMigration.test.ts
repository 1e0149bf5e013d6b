/**
 * Migration 0022_journal_article: a database seeded before keeps its templates' rows (the seed adds
 * only what is missing), so the journal template's stored specification is turned into a journal
 * article's there, the one server/seed/templates has; its price and sale, an operator's, stay.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { Kysely } from 'kysely';
import { SEED_FOLDER } from '../../server/src/seed';
import { checkTemplate, hasTitleBlock } from '../../server/src/engines/typeset/template';
import { templateRows } from '../../server/src/modules/typeset/service';
import { useUnmigratedDatabase } from './testApp';

const fresh = useUnmigratedDatabase('zn-journal-template-');
const seeded = JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', 'journal-gbt7714.json'), 'utf8'));

test('the journal template stored as a thesis becomes a journal article; back down it is the thesis layout again', async () => {
  const { error } = await fresh.migrator().migrateToLatest();
  if (error) throw error;
  const db = fresh.db as unknown as Kysely<any>;
  const rows = templateRows(join(SEED_FOLDER, 'templates'));
  await db.insertInto('templates').values(rows).execute();
  await db.updateTable('templates').set({ price_fen: 1290, enabled: 0 }).where('id', '=', 'journal-gbt7714').execute();
  const stored = async () => {
    const row = await db.selectFrom('templates').selectAll().where('id', '=', 'journal-gbt7714').executeTakeFirstOrThrow();
    return { row, spec: checkTemplate(JSON.parse(row.spec)) };
  };

  // as it was stored before: a cover page, contents in Roman front matter, figures by chapter (the
  // migrations after it undone with it)
  const { error: down } = await fresh.migrator().migrateTo('0021_one_open_order');
  if (down) throw down;
  const thesis = await stored();
  expect(hasTitleBlock(thesis.spec)).toBe(false);
  expect(thesis.spec.toc).toEqual({ title: '目  次', levels: 2 });
  expect(thesis.spec.pageNumbers.front).toBe('upperRoman');
  expect(thesis.spec.captions).toEqual({ figure: '图{chapter}-{n}', table: '表{chapter}-{n}' });
  expect(thesis.row.description).not.toContain('不设封面');

  const { error: up } = await fresh.migrator().migrateToLatest();
  if (up) throw up;
  const article = await stored();
  expect(article.spec).toEqual(seeded);
  expect(article.row.description).toBe(seeded.description);
  expect({ price: article.row.price_fen, enabled: article.row.enabled }).toEqual({ price: 1290, enabled: 0 });
  // the other templates are left as they were
  const others = await db.selectFrom('templates').select(['id', 'spec']).where('id', '!=', 'journal-gbt7714').orderBy('id').execute();
  expect(others).toEqual(
    rows
      .filter((r) => r.id !== 'journal-gbt7714')
      .map((r) => ({ id: r.id, spec: r.spec }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  );
});
