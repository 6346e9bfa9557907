import { PgliteEventLog, apiTokenSecret, openEmbeddedPostgres, readConfig } from '@toolforge/platform';
import { buildCommandService } from './app.js';
import { firebaseIdentity } from './identity/firebaseIdentity.js';

/** The command service alone, on the embedded log in DATA_DIR, listening on COMMAND_PORT. */
const config = readConfig();
const db = await openEmbeddedPostgres(config.dataDir);
const app = await buildCommandService(
  {
    log: await PgliteEventLog.open(db),
    identity: firebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost }),
    jwtSecret: await apiTokenSecret(config),
    adminEmails: config.adminEmails,
  },
  { logger: true },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
await app.listen({ host: '127.0.0.1', port: config.commandPort });
