import { describe, expect, it } from 'vitest';
import { LIMITS, messages } from '@toolforge/contracts';
import { HttpError } from '../http/errorReplies.js';
import { cleanName, identityFromClaims } from './providerClaims.js';

const claims = {
  uid: 'uid-1',
  email: 'ada@toolforge.test',
  email_verified: true,
  name: 'Ada',
  picture: null,
  exp: 2_000_000_000,
  auth_time: 1_999_990_000,
};

describe('an ID token’s claims, held to the rules a body is held to', () => {
  it('takes well-formed claims as they are', () => {
    expect(identityFromClaims({ ...claims, picture: 'https://lh3.googleusercontent.com/a/x.jpg' })).toEqual({
      uid: 'uid-1',
      email: 'ada@toolforge.test',
      emailVerified: true,
      name: 'Ada',
      picture: 'https://lh3.googleusercontent.com/a/x.jpg',
      expiresAt: 2_000_000_000,
      authTime: 1_999_990_000,
    });
  });

  it.each([
    ['a NUL', 'a\u0000b', 'ab'],
    ['line breaks and tabs', 'Ada\r\n\tLovelace', 'Ada Lovelace'],
    ['a bidirectional override and a zero-width space', '\u202EAda\u200B', 'Ada'],
    ['a lone surrogate', 'Ada \uD800', 'Ada'],
    ['nothing but hidden characters', '\u0000\u200B', null],
    ['no text at all', 42, null],
  ])('cleans a display name holding %s', (_case, name, cleaned) => {
    expect(cleanName(name)).toBe(cleaned);
  });

  it('cuts a display name to its limit, by character', () => {
    expect([...cleanName('🔧'.repeat(LIMITS.displayName + 50))!]).toHaveLength(LIMITS.displayName);
  });

  it.each([
    ['no https address', 'javascript:alert(1)'],
    ['plain http', 'http://example.test/a.png'],
    ['a space', 'https://example.test/a b.png'],
    ['a hidden character', 'https://example.test/\u202Egnp.exe'],
    ['too long an address', `https://example.test/${'a'.repeat(LIMITS.imageUrl)}`],
  ])('drops a picture with %s', (_case, picture) => {
    expect(identityFromClaims({ ...claims, picture }).picture).toBeNull();
  });

  it.each([
    ['uid', { uid: 'a\u0000b' }],
    ['uid', { uid: 'u'.repeat(LIMITS.uid + 1) }],
    ['email', { email: 'ada\u0000@toolforge.test' }],
    ['email', { email: `a@${'.'.repeat(65_000)}@` }],
    ['email', { email: 'not an address' }],
    ['email', { email: 42 }],
  ])('refuses with 403 naming the %s claim', (claim, overrides) => {
    const refused = (() => {
      try {
        identityFromClaims({ ...claims, ...overrides });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 403, message: messages.unusableIdentityClaim(claim) });
  });

  it('takes an account without an e-mail address as one (null), and an unverified one as unverified', () => {
    expect(identityFromClaims({ ...claims, email: undefined, email_verified: 'yes' })).toMatchObject({ email: null, emailVerified: false });
  });
});
