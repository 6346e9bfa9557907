import { createHmac } from 'node:crypto';
import { API_TOKEN_AUDIENCE, API_TOKEN_ISSUER } from '../http/apiToken.js';

/**
 * An HS256 token as @fastify/jwt signs an API token: the shop's issuer and audience, an hour's
 * expiry and session version 0 unless `claims` say otherwise (an `undefined` claim is left out),
 * so a test can leave out or change any claim, or sign with another key.
 */
export function signApiTokenForTest(claims: Record<string, unknown>, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: API_TOKEN_ISSUER, aud: API_TOKEN_AUDIENCE, iat: now, exp: now + 3600, sv: 0, ...claims };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
