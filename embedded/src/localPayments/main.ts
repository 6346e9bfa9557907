import { parseArgs } from 'node:util';
import { stopOnSignals } from '@toolforge/platform';
import { LOCAL_PAYMENTS, startLocalPaymentProvider } from './server.js';

/**
 * The local payment provider as a process of its own (scripts/payment-provider.mjs starts it for
 * `make start`, `make services` and the tests): `node embedded/dist/localPayments/main.js [--port N]
 * [--data DIR]`; LATE_WEBHOOK_MS sets how late the late test card's webhooks are. Development only.
 */
const usage = 'usage: main.js [--port N] [--data DIR]';

function wholeNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\d+$/.test(text.trim())) {
    console.error(`${what} should be a whole number, not "${text}"\n${usage}`);
    process.exit(2);
  }
  return Number(text);
}

let args;
try {
  args = parseArgs({ options: { port: { type: 'string' }, data: { type: 'string' } }, strict: true }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const provider = await startLocalPaymentProvider({
  port: wholeNumber(args.port, '--port') ?? LOCAL_PAYMENTS.port,
  dataDir: args.data,
  lateWebhookMs: wholeNumber(process.env.LATE_WEBHOOK_MS, 'LATE_WEBHOOK_MS'),
});
console.log(`Local payment provider (development only) on ${provider.url}${args.data ? `, its ledger in ${args.data}` : ''}`);
stopOnSignals('local payment provider', { info: (_details, message) => console.log(message), error: console.error }, () =>
  provider.close(),
);
