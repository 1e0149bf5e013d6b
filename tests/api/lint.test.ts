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
/** A probe whose code imports `name` from `from` into `filePath` and uses it. */
const importing = (probe: string, filePath: string, name: string, from: string, rule?: string): Probe => ({
  name: probe,
  filePath,
  code: `import { ${name} } from '${from}';\n${use(name)}`,
  rule,
});
/** A probe whose code imports the type `Db` from `from` into `filePath` and uses it. */
const importingDb = (probe: string, filePath: string, from: string): Probe => ({
  name: probe,
  filePath,
  code: `import type { Db } from '${from}';\nexport type Probe = Db;\n`,
});
const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';
const TYPED_IMPORTS = '@typescript-eslint/no-restricted-imports';

/** A function of `lines` lines: its opening, statements, and its closing line. */
const functionOf = (lines: number) => `export function probe() {\n${Array.from({ length: lines - 2 }, (_, i) => `  console.log(${i});`).join('\n')}\n}\n`;

const PROBES: Probe[] = [
  // (a) pages, layouts and components never reach the request layer
  importing('a page imports the request layer by the @/ alias', 'src/pages/Probe/index.tsx', 'get', '@/utils/request', PATHS),
  importing('a component imports the request layer by a relative path', 'src/components/Probe/index.tsx', 'get', '../../utils/request', PATHS),
  importing("a layout imports umi's request", 'src/layouts/ProbeLayout.tsx', 'request', 'umi', IMPORTS),
  importing("a page imports request from Umi's generated plugin", 'src/pages/Probe/index.tsx', 'request', '@@/plugin-request', IMPORTS),
  importing("a page loads data with umi's useRequest around a service", 'src/pages/Probe/index.tsx', 'useRequest', 'umi'),
  importing("a feature's component imports the request layer", 'src/features/probe/components/Probe.tsx', 'post', '@/utils/request', PATHS),
  {
    name: 'a component calls fetch',
    filePath: 'src/components/Probe/index.tsx',
    code: `export const load = () => fetch('/api/v1/probe');\n`,
    rule: 'no-restricted-globals',
  },
  importing("a feature's hook imports the request layer", 'src/features/probe/hooks/useProbe.ts', 'get', '@/utils/request', PATHS),
  importing("a feature's services folder uses the request layer", 'src/features/probe/services/probe.ts', 'get', '@/utils/request'),
  importing('a service uses the request layer', 'src/features/probe/api.ts', 'get', '@/utils/request'),
  importing("a feature's API module uses the request layer", 'src/features/probe/api.ts', 'get', '../../utils/request'),
  importing('a page uses umi for links', 'src/pages/Probe/index.tsx', 'Link', 'umi'),
  // (b) the app takes only types from the server
  importing('the app imports a value from server/', 'src/features/probe/api.ts', 'createDb', '../../../server/src/db', TYPED_IMPORTS),
  importing('the app imports a value from server/ through the alias', 'src/utils/probe.ts', 'loadConfig', '@/../server/src/config', TYPED_IMPORTS),
  importingDb('the app imports a type from server/', 'src/features/probe/api.ts', '../../../server/src/db'),
  importing('common/ imports from server/', 'common/probe.ts', 'newId', '../server/src/lib/ids', PATHS),
  importing('common/ imports from the app', 'common/text/probe.ts', 'SITE_TITLE', '@/constants', PATHS),
  importing('the app imports a value from common/', 'src/pages/Probe/index.tsx', 'headingOf', '../../../common/text/headings'),
  // (c) engines import neither db nor modules nor each other, except the shared engines/text
  importing('the typesetting engine imports the similarity engine', 'server/src/engines/typeset/probe.ts', 'checkText', '../similarity/check', PATHS),
  importing('the similarity engine imports the typesetting engine', 'server/src/engines/similarity/probe.ts', 'readManuscript', '../typeset/manuscript', PATHS),
  importing('an engine imports the database', 'server/src/engines/similarity/probe.ts', 'createDb', '../../db', PATHS),
  importing('an engine imports a module', 'server/src/engines/typeset/probe.ts', 'templateRows', '../../modules/typeset/service', PATHS),
  importing('engines/text imports an engine', 'server/src/engines/text/probe.ts', 'tokenize', '../similarity/normalize', PATHS),
  importing('an engine imports engines/text', 'server/src/engines/typeset/probe.ts', 'extractText', '../text/extract'),
  // (d) db, lib and the configuration never import a module
  importing('the database layer imports a module', 'server/src/db/probe.ts', 'createUserRepo', '../modules/user/repo', PATHS),
  importing('the configuration imports a module', 'server/src/config.ts', 'signParams', './modules/payment/signing', PATHS),
  importing('lib/ imports a module', 'server/src/lib/probe.ts', 'createUserRepo', '../modules/user/repo', PATHS),
  importingDb('a module imports the database layer', 'server/src/modules/probe/repo.ts', '../../db'),
  // (e) a module is used from outside only through its index.ts
  importing("a module imports another module's service file", 'server/src/modules/probe/service.ts', 'createOrderService', '../order/service', PATHS),
  importing("a module imports another module's repository mapper", 'server/src/modules/probe/routes.ts', 'toPublicOrder', '../order/repo', PATHS),
  importing("a plugin imports a module's service file", 'server/src/plugins/probe.ts', 'createAuthService', '../modules/auth/service', PATHS),
  importing("the seed imports a module's repository", 'server/src/seed.ts', 'createUserRepo', './modules/user/repo', PATHS),
  importing("the mock imports a module's schemas file", 'mock/probe.ts', 'OrderListQuery', '../server/src/modules/order/schemas', PATHS),
  importing('a module imports another through its index.ts', 'server/src/modules/probe/service.ts', 'createOrderService', '../order'),
  importing('the mock imports a module through its index.ts', 'mock/probe.ts', 'OrderListQuery', '../server/src/modules/order/index'),
  importing('a module imports its own files', 'server/src/modules/order/probe.ts', 'createOrderRepo', './repo'),
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
