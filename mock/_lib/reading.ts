/**
 * The reading area of the mock answers from the server's own services over an in-memory SQLite
 * database seeded with the same demo articles and papers as `npm start`, so QA reads exactly
 * what users will (lists, search ranking, related items) without running the API server.
 */
import { Value } from '@sinclair/typebox/value';
import type { TObject } from '@sinclair/typebox';
import { createDb, migrateToLatest } from '../../server/src/db';
import { seedDemoContent } from '../../server/src/db/seed';
import { AppError } from '../../server/src/lib/errors';
import type { Storage } from '../../server/src/lib/storage';
import { createArticleRepo } from '../../server/src/modules/article/repo';
import { createArticleService } from '../../server/src/modules/article/service';
import { createDocumentRepo } from '../../server/src/modules/document/repo';
import { createDocumentService } from '../../server/src/modules/document/service';
import { createSearchService } from '../../server/src/modules/search/service';
import { fail, ok, type MockRequest, type MockResponse } from './kit';

const noFiles: Storage = {
  put: async () => undefined,
  get: () => undefined,
  remove: async () => undefined,
};

async function start() {
  const db = createDb('sqlite::memory:');
  await migrateToLatest(db);
  await seedDemoContent(db, noFiles);
  const articles = createArticleRepo(db);
  const documents = createDocumentRepo(db);
  return {
    article: createArticleService(articles),
    document: createDocumentService(documents, noFiles),
    search: createSearchService(articles, documents),
  };
}

let services: ReturnType<typeof start> | undefined;
/** Seeded on first use, once. */
export const reading = () => (services ??= start());

/** The query as the route's schema reads it (defaults, numbers), or a 422 like the server's. */
export function validQuery<T>(schema: TObject, req: MockRequest, res: MockResponse): T | undefined {
  const query = Value.Convert(schema, Value.Default(schema, { ...req.query }));
  const problem = Value.Errors(schema, query).First();
  if (!problem) return query as T;
  const field = problem.path.split('/')[1];
  const message = (schema.properties[field] as { errorMessage?: string } | undefined)?.errorMessage ?? '提交的内容不正确';
  res.status(422).json(fail(message, 'VALIDATION', 2, { errors: { [field]: message } }));
  return undefined;
}

/** Answers with the service's result, or with its error the way the server's handler does. */
export async function answer(res: MockResponse, work: () => Promise<unknown>) {
  try {
    res.json(ok(await work()));
  } catch (error) {
    if (error instanceof AppError) res.status(error.statusCode).json(error.toBody());
    else res.status(500).json(fail('服务器开小差了，请稍后再试', 'INTERNAL'));
  }
}
