import { createConfig, type Config } from 'umi/test';

/**
 * The resilience suite (`npm run test:resilience`, and on PostgreSQL `npm run test:resilience:pg`):
 * the real server as a process, attacked and stopped the hard ways (tests/resilience/*.test.ts).
 */
const { testTimeout: _unused, ...base } = createConfig({ jsTransformer: 'esbuild' });

const config: Config.InitialOptions = {
  ...base,
  displayName: 'resilience',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/resilience/**/*.test.ts'],
  testTimeout: 300_000,
  maxWorkers: 1,
};

export default config;
