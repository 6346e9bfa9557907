import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes, type ReadinessCheck } from './health.js';

const passing: ReadinessCheck = { what: 'the database', check: () => Promise.resolve(undefined) };

describe('healthRoutes', () => {
  it('answers /health always, and /ready 200 only while every check passes, with short reasons otherwise', async () => {
    const app = Fastify();
    await app.register(healthRoutes, {
      timeoutMs: 50,
      checks: [
        passing,
        { what: 'the event log', check: () => Promise.resolve('not the log’s writer') },
        { what: 'Kafka', check: () => new Promise<never>(() => undefined) },
        { what: 'Redis', check: () => Promise.reject(new Error('ECONNREFUSED 10.1.2.3:6379')) },
      ],
    });
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(503);
    // The failure's own text (an address, say) never leaves: only what was checked.
    expect(ready.json()).toEqual({
      status: 'unavailable',
      reasons: ['not the log’s writer', 'Kafka does not answer', 'Redis does not answer'],
    });
    await app.close();

    const healthy = Fastify();
    await healthy.register(healthRoutes, { checks: [passing] });
    expect((await healthy.inject('/ready')).json()).toEqual({ status: 'ok' });
    await healthy.close();
  });
});
