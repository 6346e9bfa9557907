/**
 * Issue 34 row 1 through HTTP: /login and /logout answer callers without an account, so their
 * bodies are small (STRANGER_BODY_LIMIT), and an e-mail made to stall the pattern is refused as
 * any bad e-mail is. How fast is not asserted here: the patterns' linearity is proven in
 * contracts (linearPatterns.unit.spec.ts) and timed by `make bench`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, messages } from '@toolforge/contracts';
import { STRANGER_BODY_LIMIT } from '@toolforge/platform/http';
import { startCommandService, type CommandHarness } from '../test/harness.js';

const JSON_BODY = { 'content-type': 'application/json' };
const TOO_LARGE = { statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large' };

/** A text as JSON may write it: every character escaped (\uXXXX, six bytes), the longest a client can make it. */
const escaped = (text: string) => [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('hostile bodies on the routes strangers may call', () => {
  let shop: CommandHarness;
  beforeAll(async () => {
    shop = await startCommandService();
  });
  afterAll(() => shop.close());

  it('refuses the sign-in body of issue 34 ("a@", 65,000 dots, "@") with 413, unread', async () => {
    const before = await shop.eventCount();
    const response = await shop.postLogin({ payload: { uid: 'u-1', name: 'Ada', email: `a@${'.'.repeat(65_000)}@`, loggedIn: true } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
    expect(await shop.eventCount()).toBe(before);
  });

  it('refuses the same e-mail within the limit with 400 and the spec’s message', async () => {
    const email = `a@${'.'.repeat(STRANGER_BODY_LIMIT - 200)}@`;
    const response = await shop.postLogin({ payload: { uid: 'u-1', name: 'Ada', email, loggedIn: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: messages.loginEmail, fields: { email: messages.loginEmail } });
  });

  it('refuses a large /logout body with 413', async () => {
    const response = await shop.send({
      method: 'POST',
      url: '/logout',
      headers: JSON_BODY,
      payload: JSON.stringify({ uid: 'u'.repeat(STRANGER_BODY_LIMIT), loggedIn: false }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
  });

  it('takes the longest valid sign-in body, every character escaped', async () => {
    const uid = 'u'.repeat(LIMITS.uid);
    const name = 'N'.repeat(LIMITS.displayName);
    const email = `${'a'.repeat(LIMITS.email - 4)}@b.c`;
    const payload = `{ "uid": "${escaped(uid)}", "name": "${escaped(name)}", "email": "${escaped(email)}", "loggedIn": true }`;
    const response = await shop.postLogin({ headers: JSON_BODY, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
  });

  it('takes the longest valid sign-out body, every character escaped', async () => {
    const payload = `{ "uid": "${escaped('u'.repeat(LIMITS.uid))}", "loggedIn": false }`;
    const response = await shop.send({ method: 'POST', url: '/logout', headers: JSON_BODY, payload });
    expect(response.statusCode).toBe(200);
  });
});
