import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * What the adapter asks of firebase-admin. The emulator cannot show it: against the emulator,
 * firebase-admin checks revocation whatever it is asked, so only this shows that real Firebase is
 * asked to (checkRevoked), and that real Firebase is never left in emulator mode.
 */
const sdk = vi.hoisted(() => ({
  verifyIdToken: vi.fn(() => Promise.resolve({ uid: 'u-1', email: 'ada@toolforge.test', email_verified: true, name: 'Ada' })),
  initializeApp: vi.fn((options: object, name: string) => ({ name, options })),
}));
vi.mock('firebase-admin/app', () => ({
  getApps: () => [],
  initializeApp: sdk.initializeApp,
  applicationDefault: () => ({ kind: 'application-default' }),
}));
vi.mock('firebase-admin/auth', () => ({ getAuth: () => ({ verifyIdToken: sdk.verifyIdToken }) }));

const { firebaseIdentity } = await import('./firebaseIdentity.js');

describe('firebaseIdentity', () => {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(() => {
    if (emulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    vi.clearAllMocks();
  });

  it('verifies ID tokens with checkRevoked, so a revoked session or a disabled account cannot sign in', async () => {
    const identity = firebaseIdentity({ projectId: 'toolforge-prod' });
    expect(await identity.verifyIdToken('id-token')).toMatchObject({ uid: 'u-1', emailVerified: true });
    expect(sdk.verifyIdToken).toHaveBeenCalledWith('id-token', true);
  });

  it('uses real Firebase with Application Default Credentials, and clears a stray emulator address', () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = ' ';
    firebaseIdentity({ projectId: 'toolforge-prod' });
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(sdk.initializeApp).toHaveBeenCalledWith(
      { projectId: 'toolforge-prod', credential: { kind: 'application-default' } },
      'toolforge-toolforge-prod',
    );
  });

  it('uses the emulator only when given its address', () => {
    firebaseIdentity({ projectId: 'demo-toolforge', emulatorHost: '127.0.0.1:9099' });
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
    expect(sdk.initializeApp).toHaveBeenCalledWith({ projectId: 'demo-toolforge' }, 'toolforge-demo-toolforge');
  });
});
