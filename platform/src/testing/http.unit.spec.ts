import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAt, fetchJson, okBody, sendTo } from './http.js';

/** Echoes what it was sent: method, authorization, content type, a header of the test's and the body. */
function echoApp(): FastifyInstance {
  const app = Fastify();
  app.all('/echo', (request) =>
    Promise.resolve({
      method: request.method,
      authorization: request.headers.authorization ?? null,
      contentType: request.headers['content-type'] ?? null,
      readAfter: request.headers['x-read-after'] ?? null,
      body: request.body ?? null,
    }),
  );
  app.get('/text', async (_request, reply) => reply.type('text/plain').send('plain words'));
  app.get('/empty', async (_request, reply) => reply.code(204).send());
  app.get('/refused', async (_request, reply) => reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'Admins only' }));
  return app;
}

describe('the tests’ HTTP helpers', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = echoApp();
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('sendTo injects the request with `token` as the bearer, beside the headers given', async () => {
    const signed = await sendTo(app, {
      method: 'POST',
      url: '/echo',
      token: 'api-token',
      headers: { 'x-read-after': 'p/0/1' },
      payload: { a: 1 },
    });
    expect(signed.json()).toEqual({
      method: 'POST',
      authorization: 'Bearer api-token',
      contentType: 'application/json',
      readAfter: 'p/0/1',
      body: { a: 1 },
    });

    const anonymous = await sendTo(app, { method: 'GET', url: '/echo' });
    expect(anonymous.json()).toMatchObject({ authorization: null });
  });

  it('fetchJson sends JSON with the bearer and answers the status, the headers and the parsed body', async () => {
    const answer = await fetchJson<{ authorization: string }>(`${base}/echo`, {
      method: 'PUT',
      token: 'id-token',
      body: { b: 2 },
      headers: { 'x-read-after': 'p/0/2' },
    });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      method: 'PUT',
      authorization: 'Bearer id-token',
      contentType: 'application/json',
      readAfter: 'p/0/2',
      body: { b: 2 },
    });
  });

  it('fetchJson answers a text body as text and an empty one as undefined; a GET without a token has no bearer', async () => {
    expect((await fetchJson(`${base}/text`)).body).toBe('plain words');
    expect((await fetchJson(`${base}/empty`)).body).toBeUndefined();
    expect((await fetchJson(`${base}/echo`)).body).toMatchObject({ method: 'GET', authorization: null, contentType: null });
  });

  it('apiAt calls one server by method and path; okBody answers a 2xx body and throws on anything else', async () => {
    const api = apiAt(base);

    expect(okBody(await api<{ method: string }>('DELETE', '/echo', { token: 't' }), 'DELETE /echo')).toMatchObject({
      method: 'DELETE',
      authorization: 'Bearer t',
    });
    const refused = await api('GET', '/refused');
    expect(refused.status).toBe(403);
    expect(() => okBody(refused, 'GET /refused')).toThrow(
      'GET /refused: 403 {"statusCode":403,"error":"Forbidden","message":"Admins only"}',
    );
  });
});
