import { describe, expect, it } from 'vitest';
import { readConfig } from '@toolforge/platform';
import { describeRunningShop, describeServicesMode } from './banner.js';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL } from './demoAccounts.js';
import type { RunningShop } from './host.js';

const emulator = { kind: 'emulator', host: '127.0.0.1:9099' } as const;
/** As scripts/start.mjs and scripts/start-services.mjs set them when STRIPE_SECRET_KEY is unset: the local payment provider. */
const localPayments = {
  STRIPE_SECRET_KEY: 'sk_test_toolforge_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_toolforge_local_development',
  STRIPE_API_BASE: 'http://127.0.0.1:12111',
};
/** As scripts/start.mjs sets it when SMTP_URL is unset: the local mail catcher. */
const localMail = { SMTP_URL: 'smtp://127.0.0.1:1025' };
const localMailLine = "  E-mails        http://127.0.0.1:1080   (development only: the local mail catcher's inbox)";
const localPaymentsLine =
  '  Payments       http://127.0.0.1:12111   (development only: the local provider; test card 4242 4242 4242 4242 pays)';
const signInLines = [
  '  Sign in with:',
  '    admin     admin@toolforge.test     password Admin@2022forge',
  '    customer  customer@toolforge.test  password Customer@2022forge',
];

function embeddedShop(overrides: Partial<RunningShop> = {}): RunningShop {
  return {
    apiUrl: 'http://localhost:5000',
    webUrl: 'http://localhost:8080',
    webRoot: '/srv/toolforge/web/dist',
    dataDir: '/srv/toolforge/.data',
    seeded: 24,
    accounts: DEMO_ACCOUNTS,
    identity: emulator,
    // As scripts/start.mjs sets it on the emulator: the services themselves have no default admin.
    config: readConfig({ ADMIN_EMAILS: DEMO_ADMIN_EMAIL, ...localPayments, ...localMail }),
    close: async () => {},
    ...overrides,
  };
}

describe('the start banners', () => {
  it('make start: where the API, the web app, the emulator, the payment provider, the mail inbox and the data are, and how to sign in', () => {
    expect(describeRunningShop(embeddedShop(), { mailInbox: 'http://127.0.0.1:1080' }).split('\n')).toEqual([
      '',
      'ToolForge is running (embedded: one process, the log and the read model in PGlite).',
      '',
      '  API            http://localhost:5000   (command and query routes)',
      '  Web app        http://localhost:8080',
      '  Auth emulator  http://127.0.0.1:9099   (project demo-toolforge; development only: it accepts unsigned ID tokens)',
      localPaymentsLine,
      localMailLine,
      '  Data           /srv/toolforge/.data',
      '  Catalogue      24 products seeded into the empty log',
      '',
      ...signInLines,
      '',
      'Press Ctrl-C to stop.',
      '',
    ]);
  });

  it('make start-services: the same layout, with each service, the servers (no password) and the logs', () => {
    const config = readConfig({
      ADMIN_EMAILS: DEMO_ADMIN_EMAIL,
      KAFKA_BROKERS: '127.0.0.1:9092',
      DATABASE_URL: 'postgres://postgres:s3cret@127.0.0.1:5432/toolforge',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...localPayments,
    });

    const banner = describeServicesMode({
      config,
      identity: emulator,
      webBuilt: true,
      logDir: '/srv/toolforge/.run/logs',
      seeded: 0,
      accounts: DEMO_ACCOUNTS,
    });

    expect(banner.split('\n')).toEqual([
      '',
      'ToolForge is running in services mode (one process per service).',
      '',
      '  Command API    http://localhost:5001',
      '  Query API      http://localhost:5002',
      "  Projector      http://localhost:5003/ready   (health, and the operator console's API)",
      '  Web app        http://localhost:8080',
      '  Kafka          127.0.0.1:9092',
      '  PostgreSQL     postgres://postgres:***@127.0.0.1:5432/toolforge',
      '  Redis          redis://127.0.0.1:6379',
      '  Auth emulator  http://127.0.0.1:9099   (project demo-toolforge; development only: it accepts unsigned ID tokens)',
      localPaymentsLine,
      '  E-mails        off (no SMTP_URL): no order e-mail is sent',
      '  Logs           /srv/toolforge/.run/logs',
      '  Catalogue      as the log holds it',
      '',
      ...signInLines,
      '',
      'Stop with: make stop-services',
      '',
    ]);
  });

  it('names real Firebase and its credentials, says what to do without a built web app, and warns of an admin account without the role', () => {
    const banner = describeRunningShop(
      embeddedShop({
        webUrl: undefined,
        seeded: 0,
        identity: { kind: 'firebase', credentials: 'GOOGLE_APPLICATION_CREDENTIALS' },
        config: readConfig({ ADMIN_EMAILS: 'owner@toolforge.test', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
      }),
    );

    expect(banner).toContain('  Web app        not built: run `npm run build -w web`, then `make start` again to serve it on port 8080');
    expect(banner).toContain('  Firebase       project demo-toolforge, credentials from GOOGLE_APPLICATION_CREDENTIALS');
    expect(banner).toContain('  Catalogue      resumed from the log in the data dir');
    expect(banner).toContain('    admin     admin@toolforge.test     password Admin@2022forge  (not in ADMIN_EMAILS: no admin rights)');
    expect(banner).toContain('  Payments       Stripe\n');
    expect(banner).not.toContain('sk_live_x');
  });

  it('says when there are no card payments: an admin marks orders paid', () => {
    const banner = describeRunningShop(embeddedShop({ config: readConfig({ ADMIN_EMAILS: DEMO_ADMIN_EMAIL }) }));

    expect(banner).toContain('  Payments       off (no STRIPE_SECRET_KEY): an admin marks orders paid\n');
  });

  it('names an SMTP server of its own without its password', () => {
    const banner = describeRunningShop(embeddedShop({ config: readConfig({ SMTP_URL: 'smtps://shop:s3cret@mail.example.com:465' }) }));

    expect(banner).toContain('  E-mails        through smtps://shop:***@mail.example.com:465\n');
    expect(banner).not.toContain('s3cret');
  });
});
