import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  loginFormSchema,
  loginSyncSchema,
  logoutSchema,
  makeAdminSchema,
  revokeAdminSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from './identity.js';

type Parsed = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const messageAt = (result: Parsed, field: string) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('login form', () => {
  it('accepts an email and a 6-char password', () => {
    expect(loginFormSchema.safeParse({ email: 'ada@toolforge.test', password: 'abc@12' }).success).toBe(true);
  });

  it.each(['', 'ada', 'ada@', 'ada@forge', 'a da@forge.test'])('refuses the email %j', (email) => {
    expect(messageAt(loginFormSchema.safeParse({ email, password: 'secret1' }), 'email')).toBe('Enter a valid email');
  });

  it.each(['', 'abc12', 'abc 123', 'abc^123'])('refuses the password %j', (password) => {
    expect(messageAt(loginFormSchema.safeParse({ email: 'a@b.co', password }), 'password')).toBe(
      'Password should be at least 6 chars long',
    );
  });
});

describe('register form', () => {
  const form = { fullName: 'Ada Smith', email: 'ada@toolforge.test', password: 'secret1', repassword: 'secret1' };

  it('accepts matching passwords', () => {
    expect(registerFormSchema.safeParse(form).success).toBe(true);
  });

  it("says password didn't match on the repeat field", () => {
    expect(messageAt(registerFormSchema.safeParse({ ...form, repassword: 'secret2' }), 'repassword')).toBe("password didn't match");
  });

  it('wants a valid email address', () => {
    expect(messageAt(registerFormSchema.safeParse({ ...form, email: 'nope' }), 'email')).toBe('Enter a valid email address');
  });

  it('wants a full name of 2 to 50 chars', () => {
    expect(messageAt(registerFormSchema.safeParse({ ...form, fullName: 'A' }), 'fullName')).toBe(messages.fullName);
    expect(messageAt(registerFormSchema.safeParse({ ...form, fullName: 'A'.repeat(51) }), 'fullName')).toBe(messages.fullName);
    expect(registerFormSchema.safeParse({ ...form, fullName: 'A'.repeat(50) }).success).toBe(true);
  });
});

describe('reset password form', () => {
  it('requires a valid email address', () => {
    expect(messageAt(resetPasswordFormSchema.safeParse({ email: '' }), 'email')).toBe('Enter a valid email address');
    expect(resetPasswordFormSchema.safeParse({ email: 'ada@toolforge.test' }).success).toBe(true);
  });
});

describe('login sync, logout and make admin bodies', () => {
  it('refuse role fields as unknown fields', () => {
    const login = { uid: 'u1', name: 'Ada', email: 'ada@toolforge.test', loggedIn: true };
    expect(loginSyncSchema.safeParse(login).success).toBe(true);
    expect(loginSyncSchema.safeParse({ ...login, admin: true }).success).toBe(false);
    expect(loginSyncSchema.safeParse({ ...login, loggedIn: false }).success).toBe(false);
  });

  it('read a null name (no display name yet) as an empty one', () => {
    expect(loginSyncSchema.parse({ uid: 'u1', name: null, email: 'ada@toolforge.test', loggedIn: true }).name).toBe('');
    expect(loginSyncSchema.parse({ uid: 'u1', email: 'ada@toolforge.test', loggedIn: true }).name).toBe('');
  });

  it('take the logout payload', () => {
    expect(logoutSchema.safeParse({ uid: 'u1', loggedIn: false }).success).toBe(true);
    expect(logoutSchema.safeParse({ uid: 'u1', loggedIn: true }).success).toBe(false);
  });

  it('want an email to make admin', () => {
    expect(makeAdminSchema.safeParse({ email: 'ada@toolforge.test' }).success).toBe(true);
    expect(messageAt(makeAdminSchema.safeParse({ email: 'x' }), 'email')).toBe('Enter a valid email address');
  });

  it('want an email, and nothing else, to revoke admin', () => {
    expect(revokeAdminSchema.safeParse({ email: 'ada@toolforge.test' }).success).toBe(true);
    expect(messageAt(revokeAdminSchema.safeParse({ email: 'x' }), 'email')).toBe('Enter a valid email address');
    expect(revokeAdminSchema.safeParse({ email: 'ada@toolforge.test', uid: 'u1' }).success).toBe(false);
  });
});
