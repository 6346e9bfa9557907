/**
 * Test accounts in the Firebase Auth emulator, through its REST API: real ID tokens, signed the way
 * the emulator signs them, verified by firebase-admin like any other (no mocked verification).
 */
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-toolforge';

const api = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  idToken: string;
}

async function call<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${api}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${json.error?.message ?? response.status}`);
  return json;
}

/** An address no other test uses, so test files can share one emulator. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@toolforge.test`;
}

/** Creates an account and returns it with an ID token that carries its name and verification. */
export async function createAccount(options: {
  email?: string;
  password?: string;
  displayName?: string;
  emailVerified?: boolean;
} = {}): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secret1';
  const displayName = options.displayName ?? 'Test Customer';
  const created = await call<{ localId: string }>('accounts:signUp?key=demo', { email, password, returnSecureToken: true });
  // The emulator treats "Bearer owner" as an admin credential.
  await call(
    `projects/${PROJECT_ID}/accounts:update`,
    { localId: created.localId, displayName, emailVerified: options.emailVerified ?? false },
    { authorization: 'Bearer owner' },
  );
  const idToken = await signIn(email, password);
  return { uid: created.localId, email, password, displayName, idToken };
}

/** A fresh ID token for an existing account. */
export async function signIn(email: string, password: string): Promise<string> {
  const signedIn = await call<{ idToken: string }>('accounts:signInWithPassword?key=demo', {
    email,
    password,
    returnSecureToken: true,
  });
  return signedIn.idToken;
}
