import { createConfig, type Config } from 'umi/test';

/**
 * Browser tests: Debian's Chromium through playwright-core, against the Umi mock server and the real server
 * (tests/e2e/*.e2e.ts). Run with `npm run test:e2e`; see the README.
 */
const { testTimeout: _unused, ...base } = createConfig({ jsTransformer: 'esbuild' });

const config: Config.InitialOptions = {
  ...base,
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/tests/e2e/setup.ts',
  globalTeardown: '<rootDir>/tests/e2e/teardown.ts',
  testTimeout: 120_000,
  maxWorkers: 1,
};

export default config;
