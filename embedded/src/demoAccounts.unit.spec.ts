import { describe, expect, it } from 'vitest';
import { loginFormSchema } from '@toolforge/contracts';
import { DEMO_ACCOUNTS } from './demoAccounts.js';

describe('the demo accounts', () => {
  it('can sign in through the login form: each email and password passes its rules', () => {
    for (const account of DEMO_ACCOUNTS) {
      const result = loginFormSchema.safeParse({ email: account.email, password: account.password });
      expect(result.error?.issues ?? [], account.email).toEqual([]);
    }
  });

  it('are the admin and the customer that make start prints', () => {
    expect(DEMO_ACCOUNTS.map((account) => [account.role, account.email])).toEqual([
      ['admin', 'admin@toolforge.test'],
      ['customer', 'customer@toolforge.test'],
    ]);
  });
});
