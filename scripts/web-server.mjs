#!/usr/bin/env node
// The built web app (web/dist) in services mode: the same static server `make start` uses, telling
// the app (through /config.js) that commands go to COMMAND_PORT, queries to QUERY_PORT and the
// operator console to PROJECTOR_PORT.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { configOrExit, readConfig } = await import(join(root, 'platform/dist/index.js'));
const { serveWebApp } = await import(join(root, 'embedded/dist/index.js'));

const config = configOrExit(() => readConfig());
const web = await serveWebApp({
  root: join(root, 'web/dist'),
  // Both loopback addresses by default (a browser may pick either for localhost); HOST in a container.
  host: process.env.HOST ? config.host : 'localhost',
  port: config.webPort,
  config: {
    commandApi: `http://localhost:${config.commandPort}`,
    queryApi: `http://localhost:${config.queryPort}`,
    // The operator console is served by the projector (docs/operators.md#the-operator-console).
    operatorApi: `http://localhost:${config.projectorPort}`,
    authEmulator: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
    // CARD_PAYMENTS (on/off) tells it without the command side's secrets; else the STRIPE_* settings do.
    cardPayments: process.env.CARD_PAYMENTS
      ? ['on', 'true', '1'].includes(process.env.CARD_PAYMENTS.trim().toLowerCase())
      : config.payments !== undefined,
  },
});
console.log(`web app on ${web.url}`);

const stop = async () => {
  await web.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
