// Child process for the baseline: a bare Fastify route answering the same JSON from memory.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const payload = JSON.parse(process.env.BARE_PAYLOAD ?? '[]') as unknown;
const app = Fastify();
app.get('/json', async () => payload);
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
