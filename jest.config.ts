import { configUmiAlias, createConfig, type Config } from 'umi/test';

/** The app's tests: jsdom, Umi's aliases (`@/`, `umi`), esbuild. */
async function webProject(): Promise<Config.InitialOptions> {
  // testTimeout is a global option, not a project one: it is set in the setup file instead
  const { testTimeout: _global, ...base } = createConfig({
    target: 'browser',
    jsTransformer: 'esbuild',
    // a lazily loaded part (import()) becomes a require: jest runs the app as CommonJS
    jsTransformerOpts: { jsx: 'automatic', supported: { 'dynamic-import': false } },
  });
  return (await configUmiAlias({
    ...base,
    displayName: 'web',
    rootDir: __dirname,
    testMatch: ['<rootDir>/tests/web/**/*.test.(ts|tsx)'],
    setupFilesAfterEnv: ['<rootDir>/tests/web/setup.ts', '<rootDir>/tests/web/styles.setup.ts'],
  })) as Config.InitialOptions;
}

/** The API's tests: node, fastify.inject, SQLite (or PostgreSQL when TEST_DATABASE_URL says so). */
function apiProject(): Config.InitialOptions {
  const { testTimeout: _global, ...base } = createConfig({ jsTransformer: 'esbuild' });
  return {
    ...base,
    displayName: 'api',
    rootDir: __dirname,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/tests/api/setup.ts'],
  };
}

export default async (): Promise<Config.InitialOptions> => ({
  projects: [await webProject(), apiProject()],
  // one worker per core: jest's default keeps one core free for its watch mode, which halved a
  // two-core machine (the whole run 679 s with one worker, 297 s with two)
  maxWorkers: '100%',
});
