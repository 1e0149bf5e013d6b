import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlib } from 'zlib';
import { defineConfig } from 'umi';
import proxy from './config/proxy';
import routes from './config/routes';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  FONT_FAMILY,
  ICON_PREFIX,
  PUBLIC_PATH,
  SITE_TITLE,
  STYLE_PREFIX,
} from './src/constants';

const useMock = process.env.MOCK === '1';

export default defineConfig({
  title: SITE_TITLE,
  // Umi's default viewport forbids zooming (user-scalable=no, maximum-scale=1): students must be
  // able to pinch-zoom page previews and any text (WCAG 1.4.4)
  metas: [{ name: 'viewport', content: 'width=device-width, initial-scale=1' }],
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
    './config/securityHeaders.ts',
    './config/htmlLang.ts',
  ],
  initialState: { loading: '@/loading' },
  model: {},
  request: {},
  access: {},
  // less variables for src/global.less: the page's own text in the typefaces antd's theme uses
  theme: { 'zn-font-family': FONT_FAMILY },
  antd: {
    configProvider: { prefixCls: STYLE_PREFIX, iconPrefixCls: ICON_PREFIX },
  },
  // The mock server answers only when asked for (npm run dev:mock); otherwise /api goes to the API.
  mock: useMock ? { exclude: ['mock/_lib/**'] } : false,
  proxy: useMock ? {} : proxy,
  mfsu: false,
  // no page sets head tags through Helmet; titles are set by src/utils/title.ts
  helmet: false,
  // the stable features our browsers lack, not every proposal `core-js` carries
  polyfill: { imports: ['core-js/stable'] },
  // async chunks (each page, the phone menu) must not share minified helper names (Umi's own advice)
  esbuildMinifyIIFE: true,
  chainWebpack(memo, opts) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    if (opts?.env !== 'production') return memo;
    // Umi shims Node's Buffer into every bundle; no browser code of ours needs it (jszip checks for it)
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
    // pre-compressed copies beside each asset, served by server/src/web.ts (issue 13: first-load weight)
    const compressible = /\.(js|css|svg|json)$/;
    memo.plugin('gzip').use(CompressionPlugin, [{ test: compressible, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 }, threshold: 1024, minRatio: 0.9 }]);
    memo.plugin('brotli').use(CompressionPlugin, [
      {
        test: compressible,
        algorithm: 'brotliCompress',
        filename: '[path][base].br',
        compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
        threshold: 1024,
        minRatio: 0.9,
      },
    ]);
    return memo;
  },
});
