/**
 * Dev proxy: `npm run dev` forwards /api to the API server. `npm run dev:mock` turns it off
 * (MOCK=1) so the Umi mock server in mock/ answers instead.
 */
const apiTarget = process.env.API_URL || 'http://127.0.0.1:8001';

const proxy = {
  '/api/': {
    target: apiTarget,
    changeOrigin: true,
  },
};

export default proxy;
