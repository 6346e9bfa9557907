import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerDevelopmentWebhook, seedCatalogueIfEmpty } from '@toolforge/command-service';
import { apiTokenSecret, identitySource, type IdentitySource, type ShopConfig } from '@toolforge/platform';
import { startAnchoring } from '@toolforge/platform/anchors';
import { firebaseIdentity } from '@toolforge/platform/identity';
import { PgliteEventLog, lockDataDir, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { serveOperatorSocket } from './operatorSocket/server.js';
import { demoCatalogue } from './catalogue.js';
import { composeEmbeddedShop } from './compose.js';
import { ensureDemoAccounts, type DemoAccount } from './demoAccounts.js';
import { embeddedSettings } from './settings.js';
import { serveWebApp, type WebServer } from './webServer.js';

export interface RunningShop {
  readonly apiUrl: string;
  /** Undefined when the web app is not built (web/dist). */
  readonly webUrl: string | undefined;
  readonly webRoot: string;
  readonly dataDir: string;
  /** Products seeded by this start: the catalogue on an empty log, otherwise none. */
  readonly seeded: number;
  /** The demo accounts, when the Auth emulator is in use. */
  readonly accounts: readonly DemoAccount[];
  /** Whose word the shop takes on ID tokens: the Auth emulator (development only) or Firebase. */
  readonly identity: IdentitySource;
  readonly config: ShopConfig;
  close(): Promise<void>;
}

/** web/dist beside this package, wherever the repository is. */
const DEFAULT_WEB_ROOT = resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

/** Where the API listens: both loopback addresses, so http://localhost works whichever a browser picks. */
const HOST = 'localhost';

/**
 * `make start` (docs/architecture.md#2-two-ways-to-run-same-code and docs/deployment.md#configuration): one process with the command side, the projector and the query side
 * on API_PORT, the log and the read model in a PGlite each under DATA_DIR, the built web app on
 * WEB_PORT when there is one, a seeded catalogue on an empty log and the demo accounts in the Auth
 * emulator, and the operators' socket in DATA_DIR for the toolforge command. The data dir is locked for
 * as long as it runs; close() stops everything and unlocks.
 */
export async function startEmbeddedShop(config: ShopConfig, options: { webRoot?: string } = {}): Promise<RunningShop> {
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  // Before anything starts: the emulator only when configured, real Firebase only with credentials.
  const identity = identitySource(config);
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  };

  try {
    const lock = await lockDataDir(config.dataDir);
    cleanups.push(() => lock.release());
    const logDb = await openEmbeddedPostgres(config.dataDir, 'log');
    cleanups.push(() => logDb.close());
    const log = await PgliteEventLog.open(logDb);
    cleanups.push(() => log.close());
    const readModelDb = await openEmbeddedPostgres(config.dataDir, 'readModel');
    cleanups.push(() => readModelDb.close());

    const apiUrl = `http://localhost:${config.apiPort}`;
    // The pictures on the API, so that a client on another origin than the web app shows them too.
    const seeded = await seedCatalogueIfEmpty(log, demoCatalogue(apiUrl));
    const accounts = config.authEmulatorHost
      ? await ensureDemoAccounts({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost })
      : [];

    const settings = embeddedSettings(config);
    const shop = await composeEmbeddedShop({
      sql: pgliteSql(readModelDb),
      log,
      identity: firebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost }),
      jwtSecret: await apiTokenSecret(config),
      ...settings,
    });
    cleanups.push(() => shop.close());
    // The writer signs its checkpoints of the hash chain into the anchors' folder (docs/audit-trail.md).
    const anchoring = await startAnchoring(log, config.anchors, { info: (m) => shop.app.log.info(m), error: (m) => shop.app.log.error(m) });
    // Closed after the shop (cleanups run last first): it signs what the shop's last commands appended.
    cleanups.splice(cleanups.length - 1, 0, () => anchoring.close());
    // The operators' tool reads this shop through it while it runs: the database is this process's alone (docs/operators.md).
    // The operator's break-glass admin grant is served there too, decided by this shop's command side.
    const operators = await serveOperatorSocket({
      dataDir: config.dataDir,
      readModel: readModelDb,
      log,
      grantAdmin: shop.operations.grantAdmin,
      forgetCustomer: shop.operations.forgetCustomer,
    }).catch((error: Error) => {
      // Only the tool needs it (a data dir path too long for a Unix socket, say): the shop serves without it.
      shop.app.log.warn(`the operators' socket could not be opened (${error.message}): toolforge reads this shop only once it is stopped`);
      return undefined;
    });
    if (operators) cleanups.push(() => operators.close());
    await listen(() => shop.app.listen({ host: HOST, port: config.apiPort }), 'API_PORT', config.apiPort);
    // Development with the local payment provider: it learns where to post its webhooks (closed before the shop).
    const webhook = await registerDevelopmentWebhook(settings.payments, { host: HOST, port: config.apiPort }, shop.app.log);
    if (webhook) cleanups.push(() => webhook.close());

    let web: WebServer | undefined;
    if (existsSync(join(webRoot, 'index.html'))) {
      web = await listen(
        () =>
          serveWebApp({
            root: webRoot,
            host: HOST,
            port: config.webPort,
            config: {
              commandApi: apiUrl,
              queryApi: apiUrl,
              operatorApi: apiUrl,
              authEmulator: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
              cardPayments: config.payments !== undefined,
            },
          }),
        'WEB_PORT',
        config.webPort,
      );
      cleanups.push(() => web!.close());
    }

    return { apiUrl, webUrl: web?.url, webRoot, dataDir: config.dataDir, seeded, accounts, identity, config, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Listening, with a message that names the setting when the port is taken. */
async function listen<T>(start: () => Promise<T>, setting: string, port: number): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${port} is already in use; stop what uses it or set ${setting} to a free port`, { cause: error });
    }
    throw error;
  }
}
