// Child process for the baselines: a bare Fastify server answering from memory — the same JSON as /api/awards
// (bench/run.ts), and a POST that parses a JSON body and answers a small JSON one (the HTTP floor of a checkout,
// bench/checkout-load.ts).
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const payload = JSON.parse(process.env.BARE_PAYLOAD ?? '[]') as unknown;
const app = Fastify();
app.get('/json', async () => payload);
app.post('/echo', async (req) => ({ ok: true, bytes: JSON.stringify(req.body).length }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
