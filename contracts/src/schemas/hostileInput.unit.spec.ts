/**
 * Issue 34 row 1: the e-mail and image address patterns were rewritten to run in linear time
 * (linearPatterns.unit.spec.ts proves it); here, that they take exactly the texts the old ones took,
 * and that a text over a field's length is refused before any pattern reads it.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { validProductForm } from '../testing/bodies.js';
import { emailPattern } from './fields.js';
import { loginSyncSchema, makeAdminSchema, registerFormSchema } from './identity.js';
import { addProductSchema } from './product.js';

/** The spec's e-mail pattern, quadratic on "a@" and a run of dots. */
const SPEC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The image address pattern before, with a look-ahead. */
const LOOK_AHEAD_IMAGE_URL = /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/i;

/** Short texts of the characters the patterns tell apart, so every case is reached often. */
const textOf = (characters: string[]) => fc.array(fc.constantFrom(...characters), { maxLength: 14 }).map((chars) => chars.join(''));

/** "a@" and 65,000 dots and "@": the sign-in body that held the shop (issue 34). */
const ISSUE_34_EMAIL = `a@${'.'.repeat(65_000)}@`;

afterEach(() => vi.restoreAllMocks());

describe('the linear e-mail pattern', () => {
  it('takes exactly the addresses the spec’s pattern takes', () => {
    fc.assert(
      fc.property(textOf(['a', 'é', '.', '@', ' ', '\t']), (text) => {
        expect(emailPattern.test(text)).toBe(SPEC_EMAIL.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['ada@toolforge.test', true],
    ['a@b.c', true],
    ['a@.b.c', true],
    ['a@b..c', true],
    ['a@.b', false],
    ['a@b.', false],
    ['a@b', false],
    ['a@@b.c', false],
    ['a b@c.d', false],
  ])('%s: %s', (text, taken) => {
    expect(emailPattern.test(text)).toBe(taken);
    expect(SPEC_EMAIL.test(text)).toBe(taken);
  });
});

describe('a text over a field’s length', () => {
  it.each([
    ['the sign-in sync', loginSyncSchema, { uid: 'u-1', name: 'Ada', loggedIn: true }, messages.loginEmail],
    ['an admin grant', makeAdminSchema, {}, messages.registerEmail],
    ['the register form', registerFormSchema, { fullName: 'Ada', password: 'secret', repassword: 'secret' }, messages.registerEmail],
  ] as const)('is refused as an e-mail by %s before the pattern reads it', (_what, schema, rest, message) => {
    const reads = vi.spyOn(emailPattern, 'test');
    const result = schema.safeParse({ ...rest, email: ISSUE_34_EMAIL });
    expect(result.error?.issues.filter((issue) => issue.path[0] === 'email')).toEqual([
      expect.objectContaining({ path: ['email'], message }),
    ]);
    expect(reads).not.toHaveBeenCalled();
  });

  it('reaches the pattern when it is an e-mail’s length', () => {
    const reads = vi.spyOn(emailPattern, 'test');
    const email = `a@${'.'.repeat(LIMITS.email - 3)}@`;
    expect(makeAdminSchema.safeParse({ email }).error?.issues).toEqual([expect.objectContaining({ message: messages.registerEmail })]);
    expect(reads).toHaveBeenCalledWith(email);
  });

  it('is refused as an image address by its length alone', () => {
    const imageUrl = `/${' x'.repeat(LIMITS.imageUrl)}`;
    const issues = addProductSchema.safeParse({ ...validProductForm, imageUrl }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ path: ['imageUrl'], message: messages.imageUrlMax })]);
  });
});

describe('the image address pattern without look-ahead', () => {
  it('takes exactly the addresses the look-ahead pattern took', () => {
    const imageUrl = (text: string) => addProductSchema.shape.imageUrl.safeParse(text).success;
    fc.assert(
      fc.property(textOf(['h', 't', 'p', 's', 'H', ':', '/', '\\', 'a', ' ']), (text) => {
        // Through the field, which trims: the two patterns compared on what they are given.
        expect(imageUrl(text)).toBe(text.trim() !== '' && LOOK_AHEAD_IMAGE_URL.test(text.trim()));
      }),
      { numRuns: 20_000 },
    );
  });
});
