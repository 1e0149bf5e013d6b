/**
 * Demo content, seeded on first run: the demo account documented in the README, the articles of
 * `server/seed/articles` and the sample papers of `server/seed/documents` (imported exactly as
 * `npm run import` would). Each part is seeded only while its table is empty, so content an
 * operator removed stays removed (review systems, which cannot be removed, by id). It composes the modules, so it sits above them, beside app.ts
 * (the database layer never imports a module: docs/architecture.md, Layering).
 */
import matter from 'gray-matter';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { DEMO_ACCOUNT, DEMO_PROFILE } from '../../common/demoAccount';
import { newId, sha256 } from './lib/ids';
import { hashPassword } from './lib/password';
import type { Storage } from './lib/storage';
import { nowIso } from './lib/time';
import { createArticleRepo } from './modules/article';
import { createDocumentImporter, importableFiles, createDocumentRepo } from './modules/document';
import { createReviewRepo, REVIEW_SYSTEMS, reviewSystemProblem } from './modules/review';
import { createTypesetRepo, templateRows } from './modules/typeset';
import { createUserRepo } from './modules/user';
import type { Db } from './db';

export const SEED_FOLDER = join(__dirname, '../seed');

async function seedAccount(db: Db) {
  const users = createUserRepo(db);
  if (await users.findByEmail(DEMO_ACCOUNT.email)) return;
  await users.insert({
    id: newId(),
    email: DEMO_ACCOUNT.email,
    password_hash: await hashPassword(DEMO_ACCOUNT.password),
    nickname: DEMO_ACCOUNT.nickname,
    real_name: DEMO_PROFILE.realName,
    school: DEMO_PROFILE.school,
    major: DEMO_PROFILE.major,
    degree: DEMO_PROFILE.degree,
    phone: null,
    avatar: null,
  });
}

async function seedArticles(db: Db) {
  const articles = createArticleRepo(db);
  if ((await articles.list({}, 0, 1)).total) return;
  const folder = join(SEED_FOLDER, 'articles');
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const source = readFileSync(join(folder, name), 'utf8');
    const { content, data } = matter(source);
    await articles.insert({
      id: newId(),
      title: data.title,
      summary: data.summary,
      body: content.trim(),
      category: data.category,
      tags: JSON.stringify(data.tags ?? []),
      author: data.author,
      published_at: new Date(data.publishedAt).toISOString(),
      content_hash: sha256(source),
      created_at: nowIso(),
    });
  }
}

async function seedDocuments(db: Db, storage: Storage) {
  const documents = createDocumentRepo(db);
  if (await documents.documentCount()) return;
  const folder = join(SEED_FOLDER, 'documents');
  const importer = createDocumentImporter(documents, storage);
  for (const file of importableFiles(folder)) {
    const outcome = await importer.importFile(file, folder);
    if (outcome.status === 'rejected') throw new Error(`demo document ${outcome.file}: ${outcome.reason}`);
  }
}

/**
 * Offered rows (review systems, templates) whose id the table lacks. Product data is added where it
 * is missing, not only while the table is empty: a system added later by a migration runs before
 * the seed on a fresh database and must not keep the others out, and a template file added later
 * reaches a database that already has the first ones. Rows present are never overwritten, so an
 * operator's edits stay.
 */
function missingRows<T extends { id: string }>(present: Array<{ id: string }>, offered: T[]) {
  const ids = new Set(present.map((row) => row.id));
  return offered.filter((row) => !ids.has(row.id));
}

async function seedReviewSystems(db: Db) {
  const reviews = createReviewRepo(db);
  const missing = missingRows(await reviews.systems(), REVIEW_SYSTEMS);
  if (missing.length) await reviews.insertSystems(missing);
  // every start checks what the table holds, however a row got there: a bad one stops the start
  const problems = (await reviews.systems()).map(reviewSystemProblem).filter((p) => p !== null);
  if (problems.length) throw new Error(problems.join('\n'));
}

/** The typesetting templates, from their JSON specifications (checked on the way in). */
async function seedTemplates(db: Db) {
  const typesets = createTypesetRepo(db);
  const missing = missingRows(await typesets.templates({}), templateRows(join(SEED_FOLDER, 'templates')));
  if (missing.length) await typesets.insertTemplates(missing);
}

export async function seedDemoContent(db: Db, storage: Storage) {
  await seedAccount(db);
  await seedReviewSystems(db);
  await seedTemplates(db);
  await seedArticles(db);
  await seedDocuments(db, storage);
}
