// Lints the texts given on standard input ([{ code, filePath }]) with the project's ESLint
// configuration, twice: as configured, and with the layering rules turned off. Writes the
// messages of both as JSON. A process of its own: ESLint loads its configuration with import(),
// which the test runner's module sandbox does not offer.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'url';

export const LAYERING_RULES = [
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-globals',
  'max-lines-per-function',
];

const cwd = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const configured = new ESLint({ cwd });
const without = new ESLint({ cwd, overrideConfig: { rules: Object.fromEntries(LAYERING_RULES.map((rule) => [rule, 'off'])) } });
const messages = async (eslint, { code, filePath }) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, severity: m.severity }));
};
const results = [];
for (const probe of cases) results.push({ configured: await messages(configured, probe), without: await messages(without, probe) });
process.stdout.write(JSON.stringify(results));
