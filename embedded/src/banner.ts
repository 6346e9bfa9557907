import { withoutPassword, type IdentitySource, type ShopConfig } from '@toolforge/platform';
import type { DemoAccount } from './demoAccounts.js';
import type { RunningShop } from './host.js';

/** One line of a banner: what it is, then where. */
type Row = readonly [label: string, value: string];

interface Banner {
  headline: string;
  rows: readonly Row[];
  /** The demo accounts to sign in with (when the Auth emulator is in use). */
  accounts: readonly DemoAccount[];
  adminEmails: readonly string[];
  stopWith: string;
}

/**
 * What `make start` and `make start-services` print once the shop answers: where everything is
 * and how to sign in, laid out the same way for both.
 */
function formatBanner(banner: Banner): string {
  const lines = ['', banner.headline, '', ...banner.rows.map(([label, value]) => `  ${label.padEnd(15)}${value}`)];
  if (banner.accounts.length > 0) {
    lines.push('', '  Sign in with:');
    for (const account of banner.accounts) {
      const note =
        account.role === 'admin' && !banner.adminEmails.includes(account.email) ? '  (not in ADMIN_EMAILS: no admin rights)' : '';
      lines.push(`    ${account.role.padEnd(9)} ${account.email.padEnd(24)} password ${account.password}${note}`);
    }
  }
  lines.push('', banner.stopWith, '');
  return lines.join('\n');
}

/** Whose word the shop takes on ID tokens; the emulator is named for what it is, development only. */
function identityRow(identity: IdentitySource, projectId: string): Row {
  return identity.kind === 'emulator'
    ? ['Auth emulator', `http://${identity.host}   (project ${projectId}; development only: it accepts unsigned ID tokens)`]
    : ['Firebase', `project ${projectId}, credentials from ${identity.credentials}`];
}

/** `make start`'s banner: the embedded shop in this one process. */
export function describeRunningShop(shop: RunningShop): string {
  const { config } = shop;
  return formatBanner({
    headline: 'ToolForge is running (embedded: one process, one PGlite database).',
    rows: [
      ['API', `${shop.apiUrl}   (command and query routes)`],
      [
        'Web app',
        shop.webUrl ?? `not built: run \`npm run build -w web\`, then \`make start\` again to serve it on port ${config.webPort}`,
      ],
      identityRow(shop.identity, config.firebaseProjectId),
      ['Data', shop.dataDir],
      ['Catalogue', shop.seeded > 0 ? `${shop.seeded} products seeded into the empty log` : 'resumed from the log in the data dir'],
    ],
    accounts: shop.accounts,
    adminEmails: config.adminEmails,
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
}

/** `make start-services`' banner: one process per service, on Kafka, PostgreSQL and Redis. */
export function describeServicesMode(started: ServicesModeStarted): string {
  const { config } = started;
  const server = (url: string | undefined) => (url ? withoutPassword(url) : 'not set');
  return formatBanner({
    headline: 'ToolForge is running in services mode (one process per service).',
    rows: [
      ['Command API', `http://localhost:${config.commandPort}`],
      ['Query API', `http://localhost:${config.queryPort}`],
      ['Projector', `http://localhost:${config.projectorPort}/ready   (health only)`],
      [
        'Web app',
        started.webBuilt ? `http://localhost:${config.webPort}` : 'not built: `npm run build -w web`, then `make start-services` again',
      ],
      ['Kafka', config.kafkaBrokers?.join(',') ?? 'not set'],
      ['PostgreSQL', server(config.databaseUrl)],
      ['Redis', server(config.redisUrl)],
      identityRow(started.identity, config.firebaseProjectId),
      ['Logs', started.logDir],
      ['Catalogue', started.seeded > 0 ? `${started.seeded} products seeded into the empty log` : 'as the log holds it'],
    ],
    accounts: started.accounts,
    adminEmails: config.adminEmails,
    stopWith: 'Stop with: make stop-services',
  });
}
