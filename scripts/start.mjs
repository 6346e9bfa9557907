#!/usr/bin/env node
// `make start` (after `tsc -b`): the Auth emulator (accounts kept in DATA_DIR/auth) and the local
// payment provider (its ledger in DATA_DIR/payments) unless they already answer, then the whole shop
// in this one process on the embedded default: command side, projector and query side on API_PORT,
// the built web app on WEB_PORT. Ctrl-C stops everything; the next start resumes from the same data.
// The emulator is this script's own development default, set here explicitly (FIREBASE_AUTH_EMULATOR_HOST
// empty: real Firebase, which needs credentials); the services never assume it. So is the local
// payment provider (docs/payments.md#the-local-provider), when STRIPE_SECRET_KEY is unset: set, it
// names real Stripe; empty, no card payments. And the local mail catcher (docs/documents.md), when
// SMTP_URL is unset: the order e-mails land in its web inbox; set, they go to that server; empty, none.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, stopEmulator } from './auth-emulator.mjs';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  PAYMENT_PROVIDER_URL,
  startPaymentProvider,
  stopPaymentProvider,
} from './payment-provider.mjs';
import { MAIL_CATCHER_SMTP_URL, MAIL_CATCHER_WEB_URL, startMailCatcher, stopMailCatcher } from './mail-catcher.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'embedded/dist/index.js');
if (!existsSync(entry)) {
  console.error('The shop is not built yet: run `make start` (it builds first) or `npx tsc -b`.');
  process.exit(1);
}
const { identitySource, readConfig } = await import(join(root, 'platform/dist/index.js'));
const { startEmbeddedShop, describeRunningShop, DEMO_ADMIN_EMAIL } = await import(entry);

const DEVELOPMENT_EMULATOR = '127.0.0.1:9099';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEVELOPMENT_EMULATOR;
// The demo admin the banner prints is an admin only here, on the emulator: the services have no
// default admin, so a shop on real Firebase never grants the role to a published demo address.
if (process.env.FIREBASE_AUTH_EMULATOR_HOST) process.env.ADMIN_EMAILS ??= DEMO_ADMIN_EMAIL;
// The local provider's key, signing secret and address go together: one without the others would pay nowhere.
const localPayments = process.env.STRIPE_SECRET_KEY === undefined;
if (localPayments) {
  process.env.STRIPE_SECRET_KEY = LOCAL_STRIPE_SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = LOCAL_STRIPE_WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = PAYMENT_PROVIDER_URL;
}
const localMail = process.env.SMTP_URL === undefined;
if (localMail) process.env.SMTP_URL = MAIL_CATCHER_SMTP_URL;

let config;
try {
  config = readConfig();
  identitySource(config);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const startedEmulator = config.authEmulatorHost ? await startEmulator({ dataDir: join(config.dataDir, 'auth') }) : false;
let startedPayments = false;
let startedMail = false;
try {
  // Before the shop: it registers its webhook endpoint with the provider as it starts.
  if (localPayments) startedPayments = await startPaymentProvider({ dataDir: join(config.dataDir, 'payments') });
  if (localMail) startedMail = await startMailCatcher();
} catch (error) {
  console.error(error.message);
  await stopStarted();
  process.exit(1);
}

/** What this start launched besides the shop: the emulator exports its accounts, the provider writes its ledger, as they stop; the catcher. */
async function stopStarted() {
  await Promise.all([
    startedEmulator ? stopEmulator() : undefined,
    startedPayments ? stopPaymentProvider() : undefined,
    startedMail ? stopMailCatcher() : undefined,
  ]);
}

// Ctrl-C during start-up waits for the start to finish, then stops what it started.
let stopping = false;
const starting = startEmbeddedShop(config);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

let shop;
try {
  shop = await starting;
} catch (error) {
  console.error(`ToolForge could not start: ${error.message}`);
  await stopStarted();
  process.exit(1);
}
if (!stopping) console.log(describeRunningShop(shop, { mailInbox: localMail ? MAIL_CATCHER_WEB_URL : undefined }));

async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping ToolForge…');
  let code = 0;
  try {
    const running = await starting.catch(() => undefined);
    await running?.close();
  } catch (error) {
    console.error(error);
    code = 1;
  }
  await stopStarted();
  console.log('ToolForge stopped.');
  process.exit(code);
}
