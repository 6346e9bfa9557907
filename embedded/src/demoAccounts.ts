import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export interface DemoAccount {
  readonly role: 'admin' | 'customer';
  readonly email: string;
  readonly password: string;
  readonly displayName: string;
}

/**
 * The two accounts `make start` creates in the Auth emulator and prints (docs/deployment.md#configuration). The admin is
 * an admin because its address is in ADMIN_EMAILS, like any other. Passwords follow the sign-in
 * form's rule: letters, digits and @#$%&!, at least 6.
 */
export const DEMO_ADMIN_EMAIL = 'admin@toolforge.test';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', email: DEMO_ADMIN_EMAIL, password: 'Admin@2022forge', displayName: 'Shop Admin' },
  { role: 'customer', email: 'customer@toolforge.test', password: 'Customer@2022forge', displayName: 'Casey Customer' },
];

/**
 * Makes sure each demo account exists in the Auth emulator with its printed password and a
 * verified address, creating or resetting it, so the credentials shown are always true. Only
 * ever against the emulator: a real Firebase project gets no accounts with published passwords.
 */
export async function ensureDemoAccounts(options: { projectId: string; emulatorHost: string }): Promise<readonly DemoAccount[]> {
  // firebase-admin reads the emulator's address from the environment only.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const name = `toolforge-demo-accounts-${options.projectId}`;
  const auth = getAuth(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: options.projectId }, name));
  for (const account of DEMO_ACCOUNTS) {
    const wanted = { email: account.email, password: account.password, displayName: account.displayName, emailVerified: true };
    try {
      const existing = await auth.getUserByEmail(account.email);
      // Only what differs: setting a password, even the same one, revokes the account's sessions,
      // and the shop ends its API tokens with them (providerAccounts.ts): a restart signs nobody out.
      const changes: Partial<typeof wanted> = {};
      if (existing.displayName !== account.displayName) changes.displayName = account.displayName;
      if (!existing.emailVerified) changes.emailVerified = true;
      if (!(await passwordWorks(options.emulatorHost, account))) changes.password = account.password;
      if (Object.keys(changes).length > 0) await auth.updateUser(existing.uid, changes);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      await auth.createUser(wanted).catch(async (raced: { code?: string }) => {
        // Another process created it in the meantime: set it as wanted all the same.
        if (raced.code !== 'auth/email-already-exists') throw raced;
        await auth.updateUser((await auth.getUserByEmail(account.email)).uid, wanted);
      });
    }
  }
  return DEMO_ACCOUNTS;
}

/** Whether the emulator signs `account` in with its printed password (its REST API, as a client signs in). */
async function passwordWorks(emulatorHost: string, account: DemoAccount): Promise<boolean> {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return response.ok;
}
