/**
 * The layering of docs/architecture.md, as the linter checks it: each probe below is a deliberate
 * violation (or an allowed neighbour) linted as if it were a file at `filePath`. A violation must be
 * refused by its layering rule and be clean once the layering rules are off, so each error comes
 * from that rule and from nothing else in the probe.
 */
import { execFileSync } from 'child_process';
import { join } from 'path';

interface Probe {
  name: string;
  filePath: string;
  code: string;
  /** the layering rule that refuses it; absent for what is allowed */
  rule?: string;
}

const use = (names: string) => `export const used = [${names}];\n`;
/** A function of `lines` lines: its opening, statements, and its closing line. */
const functionOf = (lines: number) => `export function probe() {\n${Array.from({ length: lines - 2 }, (_, i) => `  console.log(${i});`).join('\n')}\n}\n`;

const PROBES: Probe[] = [
  // (a) pages, layouts and components never reach the request layer
  {
    name: 'a page imports the request layer by the @/ alias',
    filePath: 'src/pages/Probe/index.tsx',
    code: `import { get } from '@/utils/request';\n${use('get')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a component imports the request layer by a relative path',
    filePath: 'src/components/Probe/index.tsx',
    code: `import { get } from '../../utils/request';\n${use('get')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "a layout imports umi's request",
    filePath: 'src/layouts/ProbeLayout.tsx',
    code: `import { request } from 'umi';\n${use('request')}`,
    rule: 'no-restricted-imports',
  },
  {
    name: "a page imports request from Umi's generated plugin",
    filePath: 'src/pages/Probe/index.tsx',
    code: `import { request } from '@@/plugin-request';\n${use('request')}`,
    rule: 'no-restricted-imports',
  },
  {
    name: "a page loads data with umi's useRequest around a service",
    filePath: 'src/pages/Probe/index.tsx',
    code: `import { useRequest } from 'umi';\n${use('useRequest')}`,
  },
  {
    name: "a feature's component imports the request layer",
    filePath: 'src/features/probe/components/Probe.tsx',
    code: `import { post } from '@/utils/request';\n${use('post')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a component calls fetch',
    filePath: 'src/components/Probe/index.tsx',
    code: `export const load = () => fetch('/api/v1/probe');\n`,
    rule: 'no-restricted-globals',
  },
  {
    name: "a feature's hook imports the request layer",
    filePath: 'src/features/probe/hooks/useProbe.ts',
    code: `import { get } from '@/utils/request';\n${use('get')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "a feature's services folder uses the request layer",
    filePath: 'src/features/probe/services/probe.ts',
    code: `import { get } from '@/utils/request';\n${use('get')}`,
  },
  { name: 'a service uses the request layer', filePath: 'src/features/probe/api.ts', code: `import { get } from '@/utils/request';\n${use('get')}` },
  {
    name: "a feature's API module uses the request layer",
    filePath: 'src/features/probe/api.ts',
    code: `import { get } from '../../utils/request';\n${use('get')}`,
  },
  { name: 'a page uses umi for links', filePath: 'src/pages/Probe/index.tsx', code: `import { Link } from 'umi';\n${use('Link')}` },
  // (b) the app takes only types from the server
  {
    name: 'the app imports a value from server/',
    filePath: 'src/features/probe/api.ts',
    code: `import { createDb } from '../../../server/src/db';\n${use('createDb')}`,
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'the app imports a value from server/ through the alias',
    filePath: 'src/utils/probe.ts',
    code: `import { loadConfig } from '@/../server/src/config';\n${use('loadConfig')}`,
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'the app imports a type from server/',
    filePath: 'src/features/probe/api.ts',
    code: `import type { Db } from '../../../server/src/db';\nexport type Probe = Db;\n`,
  },
  {
    name: 'common/ imports from server/',
    filePath: 'common/probe.ts',
    code: `import { newId } from '../server/src/lib/ids';\n${use('newId')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'common/ imports from the app',
    filePath: 'common/text/probe.ts',
    code: `import { SITE_TITLE } from '@/constants';\n${use('SITE_TITLE')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the app imports a value from common/',
    filePath: 'src/pages/Probe/index.tsx',
    code: `import { headingOf } from '../../../common/text/headings';\n${use('headingOf')}`,
  },
  // (c) engines import neither db nor modules nor each other, except the shared engines/text
  {
    name: 'the typesetting engine imports the similarity engine',
    filePath: 'server/src/engines/typeset/probe.ts',
    code: `import { checkText } from '../similarity/check';\n${use('checkText')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the similarity engine imports the typesetting engine',
    filePath: 'server/src/engines/similarity/probe.ts',
    code: `import { readManuscript } from '../typeset/manuscript';\n${use('readManuscript')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'an engine imports the database',
    filePath: 'server/src/engines/similarity/probe.ts',
    code: `import { createDb } from '../../db';\n${use('createDb')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'an engine imports a module',
    filePath: 'server/src/engines/typeset/probe.ts',
    code: `import { templateRows } from '../../modules/typeset/service';\n${use('templateRows')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'engines/text imports an engine',
    filePath: 'server/src/engines/text/probe.ts',
    code: `import { tokenize } from '../similarity/normalize';\n${use('tokenize')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'an engine imports engines/text',
    filePath: 'server/src/engines/typeset/probe.ts',
    code: `import { extractText } from '../text/extract';\n${use('extractText')}`,
  },
  // (d) db, lib and the configuration never import a module
  {
    name: 'the database layer imports a module',
    filePath: 'server/src/db/probe.ts',
    code: `import { createUserRepo } from '../modules/user/repo';\n${use('createUserRepo')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the configuration imports a module',
    filePath: 'server/src/config.ts',
    code: `import { signParams } from './modules/payment/signing';\n${use('signParams')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'lib/ imports a module',
    filePath: 'server/src/lib/probe.ts',
    code: `import { createUserRepo } from '../modules/user/repo';\n${use('createUserRepo')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a module imports the database layer',
    filePath: 'server/src/modules/probe/repo.ts',
    code: `import type { Db } from '../../db';\nexport type Probe = Db;\n`,
  },
  // (e) a module is used from outside only through its index.ts
  {
    name: "a module imports another module's service file",
    filePath: 'server/src/modules/probe/service.ts',
    code: `import { createOrderService } from '../order/service';\n${use('createOrderService')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "a module imports another module's repository mapper",
    filePath: 'server/src/modules/probe/routes.ts',
    code: `import { toPublicOrder } from '../order/repo';\n${use('toPublicOrder')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "a plugin imports a module's service file",
    filePath: 'server/src/plugins/probe.ts',
    code: `import { createAuthService } from '../modules/auth/service';\n${use('createAuthService')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "the seed imports a module's repository",
    filePath: 'server/src/seed.ts',
    code: `import { createUserRepo } from './modules/user/repo';\n${use('createUserRepo')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "the mock imports a module's schemas file",
    filePath: 'mock/probe.ts',
    code: `import { OrderListQuery } from '../server/src/modules/order/schemas';\n${use('OrderListQuery')}`,
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a module imports another through its index.ts',
    filePath: 'server/src/modules/probe/service.ts',
    code: `import { createOrderService } from '../order';\n${use('createOrderService')}`,
  },
  {
    name: 'the mock imports a module through its index.ts',
    filePath: 'mock/probe.ts',
    code: `import { OrderListQuery } from '../server/src/modules/order/index';\n${use('OrderListQuery')}`,
  },
  {
    name: 'a module imports its own files',
    filePath: 'server/src/modules/order/probe.ts',
    code: `import { createOrderRepo } from './repo';\n${use('createOrderRepo')}`,
  },
  // (f) no function longer than 80 lines
  { name: 'a server function of 81 lines', filePath: 'server/src/modules/probe/service.ts', code: functionOf(81), rule: 'max-lines-per-function' },
  { name: 'an app function of 81 lines', filePath: 'src/features/probe/useProbe.ts', code: functionOf(81), rule: 'max-lines-per-function' },
  { name: 'a server function of 80 lines', filePath: 'server/src/modules/probe/service.ts', code: functionOf(80) },
];

type Message = { ruleId: string | null; message: string; severity: number };

/** Every probe linted in one ESLint process (its configuration loads with import(), which jest's sandbox lacks). */
function lint(probes: Probe[]): Array<{ configured: Message[]; without: Message[] }> {
  const root = join(__dirname, '../..');
  const out = execFileSync(process.execPath, [join(root, 'tests/lint/lintTexts.mjs')], {
    cwd: root,
    input: JSON.stringify(probes.map(({ code, filePath }) => ({ code, filePath }))),
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return JSON.parse(out);
}

describe('the layering rules', () => {
  const results = lint(PROBES);

  test.each(PROBES.map((probe, i) => [probe.name, probe, i] as const))('%s', (_name, probe, i) => {
    const { configured, without } = results[i];
    // ESLint's own rule says its limit; the layering rules name the document that sets them
    const says = probe.rule === 'max-lines-per-function' ? 'Maximum allowed is 80' : 'docs/architecture.md';
    if (probe.rule) expect(configured).toEqual([expect.objectContaining({ ruleId: probe.rule, severity: 2, message: expect.stringContaining(says) })]);
    else expect(configured).toEqual([]);
    expect(without).toEqual([]);
  });
});
