import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KAFKA_PRINCIPALS } from '../../../infra/kafka/kafka.mjs';
import { readConfig } from '../config.js';

/**
 * docker-compose.yml's Kafka as docs/security.md's "Kafka" says a cluster should be, read from the
 * file (there is no Docker engine to run it here): a broker that takes nobody unnamed, a setup that
 * makes every principal of infra/kafka/principals.txt, and each service signed in as its own.
 */
const repository = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repository), 'utf8');

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};

/** A service of the file; a missing one fails the test that names it. */
function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

/** The value a required variable (`${NAME:?…}`) has in this test: its name, made long enough for any minimum. */
const requiredValue = (name: string) => `${name.toLowerCase().replaceAll('_', '-')}-${'0'.repeat(32)}`;

/** A service's environment as compose interpolates it: `${NAME:-default}` its default, `${NAME:?…}` requiredValue. */
function environmentOf(name: string): Record<string, string | undefined> {
  const environment = service(name).environment ?? {};
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, variable: string, kind?: string, rest?: string) =>
        kind === '-' ? (rest ?? '') : requiredValue(variable),
      ),
    ]),
  );
}

/** The password variable compose passes for a principal: command-service → KAFKA_COMMAND_SERVICE_PASSWORD. */
const passwordVariable = (principal: string) => `KAFKA_${principal.toUpperCase().replaceAll('-', '_')}_PASSWORD`;

/** server.properties' settings, the later line winning as in java.util.Properties. */
function properties(text: string): Map<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line): [string, string] => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return new Map(entries);
}

const SHOP_SERVICES = ['command-service', 'projector', 'query-service'] as const;

describe('docker-compose.yml’s Kafka', () => {
  it('takes SASL on every listener, with the project’s broker settings: SCRAM-SHA-512 and nothing allowed but the ACLs', () => {
    const broker = environmentOf('kafka');
    const protocols = new Map((broker.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP ?? '').split(',').map((entry) => [entry.split(':')[0], entry]));
    const listeners = (broker.KAFKA_LISTENERS ?? '').split(',').map((listener) => listener.split(':')[0]);
    expect(listeners.length).toBeGreaterThan(0);
    for (const listener of listeners) expect(protocols.get(listener)?.split(':')[1]).toMatch(/^SASL_(PLAINTEXT|SSL)$/);

    expect(service('kafka').command).toEqual(['bash', '/toolforge/infra/compose/kafka-broker.sh']);
    expect(service('kafka').volumes).toContain('./infra/kafka:/toolforge/infra/kafka:ro');
    const settings = properties(read('infra/kafka/server.properties'));
    expect(settings.get('sasl.enabled.mechanisms')).toBe('SCRAM-SHA-512');
    expect(settings.get('authorizer.class.name')).toBe('org.apache.kafka.metadata.authorizer.StandardAuthorizer');
    expect(settings.get('allow.everyone.if.no.acl.found')).toBe('false');
    expect(settings.get('super.users')).toBe(`User:${KAFKA_PRINCIPALS.admin}`);
  });

  it('makes every principal’s user and ACLs once the broker is healthy, from passwords that must be set', () => {
    const setup = service('kafka-setup');
    expect(setup.image).toBe(service('kafka').image);
    expect(setup.command).toEqual(['bash', '/toolforge/infra/compose/kafka-setup.sh']);
    expect(setup.depends_on).toEqual({ kafka: { condition: 'service_healthy' } });
    const environment = setup.environment ?? {};
    for (const principal of Object.keys(KAFKA_PRINCIPALS)) {
      const variable = passwordVariable(principal);
      // No password in the file: each is the variable itself, required.
      expect(String(environment[variable])).toMatch(new RegExp(`^\\$\\{${variable}:\\?[^}]+\\}$`));
    }
    expect(environmentOf('kafka').KAFKA_ADMIN_PASSWORD).toBe(environmentOf('kafka-setup').KAFKA_ADMIN_PASSWORD);
  });

  it.each(SHOP_SERVICES)('signs the %s in as its own principal, after the setup, on a SASL listener', (name) => {
    const environment = environmentOf(name);
    const config = readConfig(environment);
    expect(config.kafkaSecurity.sasl).toEqual({
      mechanism: 'scram-sha-512',
      username: KAFKA_PRINCIPALS[name],
      password: requiredValue(passwordVariable(name)),
    });
    expect(environment.KAFKA_SASL_PASSWORD).toBe(environmentOf('kafka-setup')[passwordVariable(name)]);
    expect(service(name).depends_on?.['kafka-setup']).toEqual({ condition: 'service_completed_successfully' });

    const advertised = (environmentOf('kafka').KAFKA_ADVERTISED_LISTENERS ?? '').split(',').map((listener) => listener.split('://')[1]);
    expect(config.kafkaBrokers?.length).toBeGreaterThan(0);
    expect(config.kafkaBrokers?.every((broker) => advertised.includes(broker))).toBe(true);
  });

  it('starts the readers after the command service, the only principal that may create the shop’s topics', () => {
    for (const reader of ['projector', 'query-service']) {
      const waitsFor = Object.keys(service(reader).depends_on ?? {});
      expect(waitsFor.some((name) => name === 'command-service' || service(name).depends_on?.['command-service'])).toBe(true);
    }
  });
});

describe('docker-compose.yml’s master key (docs/privacy.md#the-key-store-and-a-kms)', () => {
  it('is one file for the three services, in a named volume each mounts: a key made by one is the key of all', () => {
    const files = SHOP_SERVICES.map((name) => readConfig(environmentOf(name)).privacy.masterKeyFile);
    expect(new Set(files).size).toBe(1);
    const folder = dirname(files[0]!);
    expect(folder).not.toBe(readConfig(environmentOf('command-service')).dataDir);
    for (const name of SHOP_SERVICES) expect(service(name).volumes, name).toContain(`privacy-keys:${folder}`);
    expect(Object.keys(compose.volumes ?? {})).toContain('privacy-keys');
  });
});
