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
  const request = () =>
    fetch(`${api}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    // The emulator closes idle keep-alive connections; a request sent on one just as it closes
    // never reached it ("other side closed"). Sent once more on a fresh connection.
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    response = await request();
  }
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${json.error?.message ?? response.status}`);
  return json;
}

/** An address no other test uses, so test files can share one emulator. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@toolforge.test`;
}

/** Creates an account and returns it with an ID token that carries its name and verification. */
export async function createAccount(
  options: {
    email?: string;
    password?: string;
    displayName?: string;
    emailVerified?: boolean;
  } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secret1';
  const displayName = options.displayName ?? 'Test Customer';
  const created = await call<{ localId: string }>('accounts:signUp?key=demo', { email, password, returnSecureToken: true });
  await updateAccount(created.localId, { displayName, emailVerified: options.emailVerified ?? false });
  const idToken = await signIn(email, password);
  return { uid: created.localId, email, password, displayName, idToken };
}

/** An anonymous account (Firebase's sign-up without an e-mail address): its uid and ID token. */
export async function createAnonymousAccount(): Promise<{ uid: string; idToken: string }> {
  const created = await call<{ localId: string; idToken: string }>('accounts:signUp?key=demo', { returnSecureToken: true });
  return { uid: created.localId, idToken: created.idToken };
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

/**
 * Changes an account as Firebase's admin API would (the emulator treats "Bearer owner" as an admin
 * credential): `emailVerified`, `disableUser`, or `validSince` (seconds: ID tokens whose sign-in
 * is older are revoked), among others.
 */
export async function updateAccount(uid: string, fields: Record<string, unknown>): Promise<void> {
  await call(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, ...fields }, { authorization: 'Bearer owner' });
}

/**
 * The claims of a token, an ID token or an API token (not verified: for tests that need an ID
 * token's auth_time, say, or the claims the web reads from an API token).
 */
export function tokenClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
