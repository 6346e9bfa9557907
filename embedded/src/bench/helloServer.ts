/**
 * The bench's reference (issue 12): a bare Fastify 5 route, `GET /` → `{hello:'world'}`, in a process
 * of its own on the same machine and in the same run as the shop, so that each figure is read as a
 * share of what Fastify alone answers here today. Usage: node helloServer.js PORT
 */
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port });

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
