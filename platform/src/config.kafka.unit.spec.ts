import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readKafkaSecurity } from './config.js';
import { kafkaSignIn } from './kafka/kafkaClient.js';

const PASSWORD = 'correct horse battery staple';
const signIn = { KAFKA_SASL_USERNAME: 'toolforge-projector', KAFKA_SASL_PASSWORD: PASSWORD };

describe('Kafka security settings', () => {
  it('signs in to nobody, in plaintext, when nothing is set', () => {
    expect(readConfig({}).kafkaSecurity).toEqual({ tls: false, sasl: undefined });
    expect(kafkaSignIn(readKafkaSecurity({}))).toEqual({ ssl: false });
  });

  it('signs in with SCRAM-SHA-512 by default, or the mechanism named', () => {
    expect(readKafkaSecurity(signIn).sasl).toEqual({ mechanism: 'scram-sha-512', username: 'toolforge-projector', password: PASSWORD });
    expect(readKafkaSecurity({ ...signIn, KAFKA_SASL_MECHANISM: 'SCRAM-SHA-256' }).sasl?.mechanism).toBe('scram-sha-256');
    expect(kafkaSignIn(readKafkaSecurity(signIn))).toEqual({
      ssl: false,
      sasl: { mechanism: 'scram-sha-512', username: 'toolforge-projector', password: PASSWORD },
    });
  });

  it('speaks TLS with KAFKA_SSL=true, trusting only KAFKA_SSL_CA_FILE’s authority when given', () => {
    expect(kafkaSignIn(readKafkaSecurity({ KAFKA_SSL: 'true' }))).toEqual({ ssl: true });
    const caFile = join(mkdtempSync(join(tmpdir(), 'toolforge-kafka-ca-')), 'ca.pem');
    writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----\n');
    const withCa = readKafkaSecurity({ KAFKA_SSL_CA_FILE: caFile });
    expect(withCa.tls).toEqual({ ca: expect.stringContaining('BEGIN CERTIFICATE') });
    expect(kafkaSignIn(withCa).ssl).toEqual({ ca: [expect.stringContaining('BEGIN CERTIFICATE')] });
  });

  it.each([
    [{ KAFKA_SSL: 'yes' }, /KAFKA_SSL should be true or false, not "yes"/],
    [{ KAFKA_SSL: 'false', KAFKA_SSL_CA_FILE: '/ca.pem' }, /KAFKA_SSL_CA_FILE is for TLS/],
    [{ KAFKA_SSL_CA_FILE: '/nowhere/ca.pem' }, /KAFKA_SSL_CA_FILE cannot be read/],
    [
      { ...signIn, KAFKA_SASL_MECHANISM: 'gssapi' },
      /KAFKA_SASL_MECHANISM should be one of scram-sha-512, scram-sha-256, plain, not "gssapi"/,
    ],
    [{ KAFKA_SASL_USERNAME: 'toolforge-projector' }, /needs both KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD/],
    [{ KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_PASSWORD: PASSWORD }, /needs both KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD/],
    [{ ...signIn, KAFKA_SASL_MECHANISM: 'plain' }, /plain sends the password in the clear: set KAFKA_SSL=true/],
  ])('refuses %o at start with a ConfigError that names it', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it('takes PLAIN inside TLS, and never says the password in a refusal', () => {
    expect(readKafkaSecurity({ ...signIn, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SSL: 'true' }).sasl?.mechanism).toBe('plain');
    expect(() => readKafkaSecurity({ ...signIn, KAFKA_SASL_MECHANISM: 'kerberos' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(PASSWORD) }),
    );
  });
});
