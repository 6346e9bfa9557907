import { describe, expect, it } from 'vitest';
import { ConfigError, MIN_JWT_SECRET_LENGTH, readConfig } from './config.js';
import { identitySource, type LocalFileReader } from './identitySource.js';

/** A machine with only these files. */
const files =
  (present: Record<string, string>): LocalFileReader =>
  (path) =>
    present[path];
const noFiles = files({});

describe('readConfig', () => {
  it('uses the Auth emulator only when FIREBASE_AUTH_EMULATOR_HOST names it', () => {
    expect(readConfig({}).authEmulatorHost).toBeUndefined();
    expect(readConfig({ FIREBASE_AUTH_EMULATOR_HOST: '' }).authEmulatorHost).toBeUndefined();
    expect(readConfig({ FIREBASE_AUTH_EMULATOR_HOST: '  ' }).authEmulatorHost).toBeUndefined();
    expect(readConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authEmulatorHost).toBe('127.0.0.1:9099');
  });

  it(`refuses a JWT_SECRET shorter than ${MIN_JWT_SECRET_LENGTH} characters, and takes a long one or none`, () => {
    const short = 'x'.repeat(MIN_JWT_SECRET_LENGTH - 1);
    expect(() => readConfig({ JWT_SECRET: short })).toThrow(ConfigError);
    expect(() => readConfig({ JWT_SECRET: short })).toThrow(/JWT_SECRET should be at least 32 characters long/);
    expect(() => readConfig({ JWT_SECRET: 'change-me' })).toThrow(ConfigError);
    expect(readConfig({ JWT_SECRET: 'x'.repeat(MIN_JWT_SECRET_LENGTH) }).jwtSecret).toBe('x'.repeat(MIN_JWT_SECRET_LENGTH));
    expect(readConfig({ JWT_SECRET: '' }).jwtSecret).toBeUndefined();
  });

  it('names no admin unless ADMIN_EMAILS does: the demo address is make start’s alone', () => {
    expect(readConfig({}).adminEmails).toEqual([]);
    expect(readConfig({ ADMIN_EMAILS: ' owner@shop.test , ops@shop.test ' }).adminEmails).toEqual(['owner@shop.test', 'ops@shop.test']);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('refuses a TRUST_PROXY it cannot read, naming what is wrong', () => {
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.1,proxy.example' })).toThrow(/"proxy\.example" is none of these/);
    // A hop count trusts no peer in Fastify 5 (it cannot check the nearest one): not offered.
    expect(() => readConfig({ TRUST_PROXY: '2' })).toThrow(ConfigError);
  });

  it('refuses a count it cannot read (a rate limit, a deadline) with a ConfigError, so that a service exits 2 with one line', () => {
    expect(() => readConfig({ QUERY_RATE_LIMIT: 'lots' })).toThrow(ConfigError);
    expect(() => readConfig({ COMMAND_DEADLINE_MS: '-5' })).toThrow(/COMMAND_DEADLINE_MS should be a whole number/);
  });

  it('reads the rate limits from RATE_LIMIT_*, QUERY_RATE_LIMIT as the older name of RATE_LIMIT_QUERY, 0 for off', () => {
    expect(readConfig({})).toMatchObject({ loginRateLimit: 300, orderRateLimit: 30, queryRateLimit: 600 });
    expect(readConfig({ RATE_LIMIT_LOGIN: '5', RATE_LIMIT_ORDER: '0', RATE_LIMIT_QUERY: '70' })).toMatchObject({
      loginRateLimit: 5,
      orderRateLimit: 0,
      queryRateLimit: 70,
    });
    expect(readConfig({ QUERY_RATE_LIMIT: '0' }).queryRateLimit).toBe(0);
    expect(readConfig({ QUERY_RATE_LIMIT: '0', RATE_LIMIT_QUERY: '90' }).queryRateLimit).toBe(90);
    expect(readConfig({ QUERY_RATE_LIMIT: '0', RATE_LIMIT_QUERY: '' }).queryRateLimit).toBe(0);
  });

  it('refuses a rate limit that is no whole number, naming the variable', () => {
    expect(() => readConfig({ RATE_LIMIT_LOGIN: '-1' })).toThrow(/RATE_LIMIT_LOGIN should be a whole number of at least 0, not "-1"/);
    expect(() => readConfig({ RATE_LIMIT_ORDER: '2.5' })).toThrow(ConfigError);
    expect(() => readConfig({ RATE_LIMIT_QUERY: 'unlimited' })).toThrow(/RATE_LIMIT_QUERY/);
  });

  it('reads BULK_BUILD_FROM as a whole number, 20,000 when unset, 0 for never', () => {
    expect(readConfig({}).bulkBuildFrom).toBe(20_000);
    expect(readConfig({ BULK_BUILD_FROM: '0' }).bulkBuildFrom).toBe(0);
    expect(readConfig({ BULK_BUILD_FROM: '500000' }).bulkBuildFrom).toBe(500_000);
    expect(() => readConfig({ BULK_BUILD_FROM: 'always' })).toThrow(/BULK_BUILD_FROM should be a whole number/);
  });

  it('reads RESERVATION_TTL as a duration with its unit, 30 minutes when unset', () => {
    expect(readConfig({}).reservationTtlMs).toBe(30 * 60_000);
    expect(readConfig({ RESERVATION_TTL: '' }).reservationTtlMs).toBe(30 * 60_000);
    expect(readConfig({ RESERVATION_TTL: '500ms' }).reservationTtlMs).toBe(500);
    expect(readConfig({ RESERVATION_TTL: '90s' }).reservationTtlMs).toBe(90_000);
    expect(readConfig({ RESERVATION_TTL: ' 30m ' }).reservationTtlMs).toBe(1_800_000);
    expect(readConfig({ RESERVATION_TTL: '2h' }).reservationTtlMs).toBe(7_200_000);
  });

  it.each(['30', '0m', '-5m', '1.5h', '30 m', '30min', '1d', 'soon', `${'9'.repeat(20)}h`])(
    'refuses RESERVATION_TTL=%j, naming the variable and the units it takes',
    (setting) => {
      expect(() => readConfig({ RESERVATION_TTL: setting })).toThrow(ConfigError);
      expect(() => readConfig({ RESERVATION_TTL: setting })).toThrow(
        `RESERVATION_TTL should be a duration above zero with its unit (500ms, 90s, 30m or 2h), not "${setting.trim()}"`,
      );
    },
  );

  it('refuses a port that is not one with a ConfigError', () => {
    expect(() => readConfig({ API_PORT: 'http' })).toThrow(ConfigError);
  });
});

describe('identitySource', () => {
  const project = { firebaseProjectId: 'toolforge-prod' };

  it('is the Auth emulator when it is configured', () => {
    expect(identitySource({ ...project, authEmulatorHost: '127.0.0.1:9099' }, {}, noFiles)).toEqual({
      kind: 'emulator',
      host: '127.0.0.1:9099',
    });
  });

  it('refuses to go on without an emulator host and without Firebase credentials', () => {
    const refusal = () => identitySource({ ...project, authEmulatorHost: undefined }, { HOME: '/home/shop' }, noFiles);
    expect(refusal).toThrow(ConfigError);
    expect(refusal).toThrow(/No Firebase credentials for project toolforge-prod, and no Auth emulator: set GOOGLE_APPLICATION_CREDENTIALS/);
  });

  it('refuses a GOOGLE_APPLICATION_CREDENTIALS file that is not there', () => {
    expect(() =>
      identitySource({ ...project, authEmulatorHost: undefined }, { GOOGLE_APPLICATION_CREDENTIALS: '/keys/shop.json' }, noFiles),
    ).toThrow('GOOGLE_APPLICATION_CREDENTIALS names /keys/shop.json, which cannot be read');
  });

  it('finds Application Default Credentials where firebase-admin would, without the network', () => {
    const firebase = (env: NodeJS.ProcessEnv, read: LocalFileReader) =>
      identitySource({ ...project, authEmulatorHost: undefined }, env, read);
    expect(firebase({ GOOGLE_APPLICATION_CREDENTIALS: '/keys/shop.json' }, files({ '/keys/shop.json': '{}' }))).toEqual({
      kind: 'firebase',
      credentials: 'GOOGLE_APPLICATION_CREDENTIALS (/keys/shop.json)',
    });
    if (process.platform !== 'win32') {
      expect(
        firebase({ HOME: '/home/shop' }, files({ '/home/shop/.config/gcloud/application_default_credentials.json': '{}' })),
      ).toMatchObject({
        kind: 'firebase',
        credentials: expect.stringContaining('gcloud application-default credentials'),
      });
    }
    expect(firebase({ K_SERVICE: 'toolforge-command' }, noFiles)).toMatchObject({ kind: 'firebase' });
    expect(firebase({}, files({ '/sys/class/dmi/id/bios_vendor': 'Google\n' }))).toMatchObject({ kind: 'firebase' });
  });
});
