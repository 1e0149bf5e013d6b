import { createConfig } from 'umi/test';

/** Tests that need LibreOffice (`npm run test:office`): the typeset documents open in it. */
const { testTimeout: _unused, ...base } = createConfig({ jsTransformer: 'esbuild' });

export default {
  ...base,
  displayName: 'office',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/office/**/*.test.ts'],
  testTimeout: 180_000,
};
