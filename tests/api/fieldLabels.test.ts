/**
 * Every field a request may carry is named in Chinese when the server refuses it: a message such
 * as 请填写systemId puts the API's own words before a student.
 */
import type { RouteOptions } from 'fastify';
import { FIELD_LABELS } from '../../server/src/modules/shared/schemas';
import { client, createTestApp } from './testApp';

interface SchemaLike {
  properties?: Record<string, SchemaLike>;
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  allOf?: SchemaLike[];
}

/** The top-level fields of a request part's schema (a missing one is named by its label, whatever message the field has for a wrong value). */
function fieldsOf(schema: SchemaLike | undefined): string[] {
  if (!schema) return [];
  return [...Object.keys(schema.properties ?? {}), ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(fieldsOf)];
}

const unnamed = new Map<string, string>();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as Record<string, SchemaLike | undefined>;
        for (const part of ['body', 'querystring', 'params'])
          for (const name of fieldsOf(schema[part])) if (!FIELD_LABELS[name]) unnamed.set(name, `${[route.method].flat().join()} ${route.url}`);
      },
    },
  );
});
afterAll(() => t.close());

test('every field of every route has a Chinese name', () => {
  expect(Object.fromEntries(unnamed)).toEqual({});
});

test('a check without its system, title and author names them in Chinese', async () => {
  const browser = client(t.app);
  await browser.login();
  const res = await browser.post('/api/v1/review', {});
  expect(res.status).toBe(422);
  expect(Object.values(res.body.errors as Record<string, string>).join()).not.toMatch(/[A-Za-z]/);
  expect(res.body.errors).toMatchObject({ systemId: '请选择查重系统', title: '请填写标题', author: '请填写作者' });
});
