// The peer of bench/api.bench.ts: a bare Fastify server answering GET /bare with the body our
// getCurrent answers for the demo user (given as JSON in BARE_BODY), nothing else.
const Fastify = require('fastify');

const body = JSON.parse(process.env.BARE_BODY);
const app = Fastify();
app.get('/bare', async () => body);
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
