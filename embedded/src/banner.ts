import { withoutPassword, type IdentitySource, type ShopConfig } from '@toolforge/platform';
import type { DemoAccount } from './demoAccounts.js';
import type { RunningShop } from './host.js';
import { PAYING_CARD, groupedNumber } from './localPayments/testCards.js';

/** One line of a banner: what it is, then where. */
type Row = readonly [label: string, value: string];

interface Banner {
  headline: string;
  rows: readonly Row[];
  stopWith: string;
}

/** What either start knows of the shop it started. */
type Started = Pick<ServicesModeStarted, 'config' | 'identity' | 'seeded' | 'accounts' | 'mailInbox'>;

/**
 * What `make start` and `make start-services` print once the shop answers: where everything is
 * and how to sign in, laid out the same way for both.
 */
function formatBanner({ accounts, config }: Started, banner: Banner): string {
  const lines = ['', banner.headline, '', ...banner.rows.map(([label, value]) => `  ${label.padEnd(15)}${value}`)];
  if (accounts.length > 0) {
    lines.push('', '  Sign in with:');
    for (const account of accounts) {
      const note =
        account.role === 'admin' && !config.adminEmails.includes(account.email) ? '  (not in ADMIN_EMAILS: no admin rights)' : '';
      lines.push(`    ${account.role.padEnd(9)} ${account.email.padEnd(24)} password ${account.password}${note}`);
    }
  }
  lines.push('', banner.stopWith, '');
  return lines.join('\n');
}

/**
 * Where card payments go (docs/payments.md): the local provider, named for what it is (development
 * only, test cards), Stripe, or nowhere (orders are then marked paid by an admin).
 */
function paymentsRow({ payments }: ShopConfig): Row {
  if (!payments) return ['Payments', 'off (no STRIPE_SECRET_KEY): an admin marks orders paid'];
  if (!payments.apiBase) return ['Payments', 'Stripe'];
  return ['Payments', `${payments.apiBase.origin}   (development only: the local provider; test card ${groupedNumber(PAYING_CARD)} pays)`];
}

/**
 * Where the order e-mails go (docs/documents.md): the local mail catcher's inbox, named for what it
 * is (development only), another SMTP server (its password left out), or nowhere.
 */
function mailRow({ mail }: ShopConfig, inbox: string | undefined): Row {
  if (!mail) return ['E-mails', 'off (no SMTP_URL): no order e-mail is sent'];
  if (inbox) return ['E-mails', `${inbox}   (development only: the local mail catcher's inbox)`];
  return ['E-mails', `through ${withoutPassword(mail.smtpUrl)}`];
}

/**
 * The rows both banners end with: whose word the shop takes on ID tokens (the emulator named for
 * what it is, development only), where card payments go, where its files are, and where its
 * catalogue came from.
 */
function closingRows({ identity, config, seeded, mailInbox }: Started, files: Row, notSeeded: string): Row[] {
  const projectId = config.firebaseProjectId;
  return [
    identity.kind === 'emulator'
      ? ['Auth emulator', `http://${identity.host}   (project ${projectId}; development only: it accepts unsigned ID tokens)`]
      : ['Firebase', `project ${projectId}, credentials from ${identity.credentials}`],
    paymentsRow(config),
    mailRow(config, mailInbox),
    files,
    ['Catalogue', seeded > 0 ? `${seeded} products seeded into the empty log` : notSeeded],
  ];
}

/** `make start`'s banner: the embedded shop in this one process; `mailInbox`, the local mail catcher's when it mails that. */
export function describeRunningShop(shop: RunningShop, { mailInbox }: { mailInbox?: string } = {}): string {
  const { config } = shop;
  const started = { ...shop, mailInbox };
  return formatBanner(started, {
    headline: 'ToolForge is running (embedded: one process, the log and the read model in PGlite).',
    rows: [
      ['API', `${shop.apiUrl}   (command and query routes)`],
      [
        'Web app',
        shop.webUrl ?? `not built: run \`npm run build -w web\`, then \`make start\` again to serve it on port ${config.webPort}`,
      ],
      ...closingRows(started, ['Data', shop.dataDir], 'resumed from the log in the data dir'),
    ],
    stopWith: 'Press Ctrl-C to stop.',
  });
}

/** What `make start-services` started, and where. */
export interface ServicesModeStarted {
  config: ShopConfig;
  identity: IdentitySource;
  webBuilt: boolean;
  /** Where the services' logs are. */
  logDir: string;
  /** Products seeded by this start (0: the log already held a catalogue). */
  seeded: number;
  accounts: readonly DemoAccount[];
  /** The local mail catcher's web inbox, when the shop mails it (scripts/mail-catcher.mjs). */
  mailInbox?: string;
}

/** `make start-services`' banner: one process per service, on Kafka, PostgreSQL and Redis. */
export function describeServicesMode(started: ServicesModeStarted): string {
  const { config } = started;
  const server = (url: string | undefined) => (url ? withoutPassword(url) : 'not set');
  return formatBanner(started, {
    headline: 'ToolForge is running in services mode (one process per service).',
    rows: [
      ['Command API', `http://localhost:${config.commandPort}`],
      ['Query API', `http://localhost:${config.queryPort}`],
      ['Projector', `http://localhost:${config.projectorPort}/ready   (health, and the operator console's API)`],
      [
        'Web app',
        started.webBuilt ? `http://localhost:${config.webPort}` : 'not built: `npm run build -w web`, then `make start-services` again',
      ],
      ['Kafka', config.kafkaBrokers?.join(',') ?? 'not set'],
      ['PostgreSQL', server(config.databaseUrl)],
      ['Redis', server(config.redisUrl)],
      ...closingRows(started, ['Logs', started.logDir], 'as the log holds it'),
    ],
    stopWith: 'Stop with: make stop-services',
  });
}
