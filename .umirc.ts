import { defineConfig } from 'umi';
import proxy from './config/proxy';
import routes from './config/routes';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ICON_PREFIX,
  PUBLIC_PATH,
  SITE_TITLE,
  STYLE_PREFIX,
} from './src/constants';

const useMock = process.env.MOCK === '1';

export default defineConfig({
  title: SITE_TITLE,
  routes,
  publicPath: PUBLIC_PATH,
  outputPath: 'dist',
  hash: true,
  npmClient: 'npm',
  plugins: [
    '@umijs/plugins/dist/initial-state',
    '@umijs/plugins/dist/model',
    '@umijs/plugins/dist/request',
    '@umijs/plugins/dist/access',
    '@umijs/plugins/dist/antd',
  ],
  initialState: { loading: '@/loading' },
  model: {},
  request: {},
  access: {},
  antd: {
    configProvider: { prefixCls: STYLE_PREFIX, iconPrefixCls: ICON_PREFIX },
  },
  // The mock server answers only when asked for (npm run dev:mock); otherwise /api goes to the API.
  mock: useMock ? { exclude: ['mock/_lib/**'] } : false,
  proxy: useMock ? {} : proxy,
  mfsu: false,
  // async chunks (the .docx renderer) must not share minified helper names (Umi's own advice)
  esbuildMinifyIIFE: true,
  chainWebpack(memo: any) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    return memo;
  },
});
