import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ConfigError, paymentSettings, readConfig } from '@toolforge/platform';
import { OperatorSocketRefusal, OperatorSocketUnreachable } from './operatorSocket/client.js';
import { adminsCommands } from './adminsCommand.js';
import { asOfOption } from './asOf.js';
import { collect, eventType, isoTime, startingPoint, topicName } from './arguments.js';
import { auditOrdersCommand, type AuditOrdersOptions } from './auditCommand.js';
import { eventLine, eventsOf, eventsTable } from './eventsList.js';
import { eventsExportCommand } from './export/exportCommand.js';
import { forgetCommands } from './forgetCommand.js';
import { auditInvoicesCommand, documentYearArgument, type AuditInvoicesOptions } from './invoiceAuditCommand.js';
import { tailEvents } from './eventsTail.js';
import { EXIT, type CliIo } from './output.js';
import { auditPaymentsCommand, type AuditPaymentsOptions } from './paymentAuditCommand.js';
import { openStripeProvider, type OpenPaymentProvider } from './paymentProvider.js';
import { CannotConnect, connectToShop, type ShopConnection, type ShopNeeds } from './shopConnection.js';
import { PROJECTIONS, rebuildCommand } from './rebuildCommand.js';
import { privacyResealCommand } from './reseal/resealCommand.js';
import { rangeProblem, replayCommand, type ReplayOptions } from './replayCommand.js';
import { statusCommand } from './statusCommand.js';
import { stockCommand, type StockOptions } from './stockCommand.js';
import {
  DEFAULT_GRACE_MINUTES,
  auditKeyText,
  auditVerifyCommand,
  verifySettingsOf,
  type AuditVerifyOptions,
} from './verify/verifyCommand.js';

/**
 * The operators' tool: parses `argv` (without node and the script), runs the command on the shop
 * the environment's settings name, writes to `io`, and returns the exit code. Never throws: a usage
 * or connection problem is a message on stderr and exit code 2, anything else that breaks a command
 * off one line on stderr and exit code 3.
 */
export async function run(
  argv: readonly string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
  /** Settles when a following command (`events tail`) should end, or a rebuild be canceled: Ctrl-C or SIGTERM by default. */
  stop: () => Promise<void> = untilSignalled,
  /** The payment provider `audit payments` reads the ledger of: Stripe's adapter, on the STRIPE_* settings. */
  openPaymentProvider: OpenPaymentProvider = openStripeProvider,
): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command('toolforge')
    .description('ToolForge operators’ tool: reads the event log and checks the read model against it')
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  // The command being run (`audit order`, `rebuild`), as commander parsed it, to name one that breaks off.
  let running = '';
  program.hook('preAction', (_program, action) => {
    const names: string[] = [];
    for (let command: Command | null = action; command && command !== program; command = command.parent) names.unshift(command.name());
    running = names.join(' ');
  });

  async function withShop(needs: ShopNeeds, work: (shop: ShopConnection) => Promise<number>): Promise<void> {
    const shop = await connectToShop(readConfig(env), needs);
    try {
      exitCode = await work(shop);
    } finally {
      await shop.close();
    }
  }

  const events = program.command('events').description('the events in the log');
  withEventFilter(events.command('list').description('one line per event: position, time, type, stream, actor, what it says'))
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (options: EventFilterOptions & { format: string }) =>
      withShop({ readModel: false }, async (shop) => {
        const lines = [];
        for await (const event of eventsOf(shop.log, eventFilter(options))) lines.push(eventLine(event));
        io.out(options.format === 'json' ? `${JSON.stringify(lines, null, 2)}\n` : eventsTable(lines));
        return EXIT.ok;
      }),
    );

  withEventFilter(
    events.command('tail').description('the events from --from (or from now) on, then each new one as it arrives, until Ctrl-C'),
  )
    .addOption(new Option('--format <format>', 'one line per event, tab-separated or JSON').choices(['table', 'json']).default('table'))
    .addOption(new Option('--poll-ms <ms>', 'how often to look for new events').argParser(pollInterval).default(500))
    .action(async (options: EventFilterOptions & { format: 'table' | 'json'; pollMs: number }) =>
      withShop({ readModel: false }, async (shop) => {
        await tailEvents(shop.log, eventFilter(options), io, { format: options.format, pollMs: options.pollMs, stop: stop() });
        return EXIT.ok;
      }),
    );
  eventsExportCommand(events, io, (work) => withShop({ readModel: false }, work));

  const audit = program
    .command('audit')
    .description('audits from the log itself, and checks the read model, and the payment provider’s ledger, against it');
  audit
    .command('orders')
    .description('every order in range from the log, totals per day, product and user, then the read model checked against the log')
    .option('--from <iso>', 'orders placed at or after this time', isoTime)
    .option('--to <iso>', 'orders placed before this time', isoTime)
    .option('--user <uid>', 'only this user’s orders')
    .option('--product <id>', 'only orders of this product')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table'))
    .option('--out <file>', 'write the report to this file instead of stdout')
    .addOption(asOfOption())
    .action(async (options: AuditOrdersOptions) => withShop({ readModel: !options.asOf }, (shop) => auditOrdersCommand(shop, io, options)));

  audit
    .command('order')
    .description('one order: its history from the log, and its read-model row and its product’s stock checked against the log')
    .argument('<orderId>', 'the order to audit')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table'))
    .addOption(asOfOption())
    .action(async (orderId: string, options: Pick<AuditOrdersOptions, 'format' | 'asOf'>) =>
      withShop({ readModel: !options.asOf }, (shop) => auditOrdersCommand(shop, io, { orderId, ...options })),
    );

  const payments = audit
    .command('payments')
    .description(
      'the payment provider’s ledger against the log: every payment captured named once by an OrderPaid (card) or ' +
        'PaymentNotApplied of its amount, every refund once by an OrderRefunded of its amount, and nothing the provider lacks',
    )
    .option('--from <iso>', 'money moved at or after this time', isoTime)
    .option('--to <iso>', 'money moved before this time', isoTime)
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'));
  payments.action(async (options: AuditPaymentsOptions) => {
    if (options.from && options.to && options.to <= options.from) payments.error('error: --to is not after --from');
    // The provider's settings first: without them there is nothing to audit against, and no reason to open the shop.
    const settings = paymentSettings(env);
    if (!settings)
      throw new ConfigError('the payment audit reads the payment provider’s ledger: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    const provider = await openPaymentProvider(settings);
    await withShop({ readModel: false }, (shop) =>
      auditPaymentsCommand(shop.log, provider, io, { ...options, currency: settings.currency }),
    );
  });

  audit
    .command('invoices')
    .description(
      'the invoices and credit notes against the orders’ streams, from the log alone: each year’s numbers 1..N without a gap or ' +
        'a repeat, one invoice after each OrderPaid of its order’s lines and total, one credit note reversing it for each ' +
        'cancelled or refunded invoiced order',
    )
    .option('--year <yyyy>', 'only documents issued, and orders paid, cancelled or refunded, in this year (UTC)', documentYearArgument)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: AuditInvoicesOptions) => withShop({ readModel: false }, (shop) => auditInvoicesCommand(shop.log, io, options)));

  audit
    .command('verify')
    .description(
      'recomputes every partition’s hash chain from the log as written and checks it against the writer’s signed anchors ' +
        '(AUDIT_ANCHORS): an event altered, deleted, inserted or moved is named by its position (exit 1)',
    )
    .option(
      '--from <position|iso>',
      'only that partition from that offset (e.g. sales.orders/0/41), or every partition from that time',
      startingPoint,
    )
    .option(
      '--public-key <key>',
      'the key the anchors must be signed with, as toolforge status printed it (default: AUDIT_PUBLIC_KEY, else the signing key’s)',
    )
    .addOption(
      new Option('--grace-minutes <minutes>', 'how long an event may wait for its anchor before it counts as unanchored')
        .argParser(graceMinutes)
        .default(DEFAULT_GRACE_MINUTES),
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: AuditVerifyOptions) =>
      withShop({ readModel: false }, (shop) => auditVerifyCommand(shop, io, verifySettingsOf(env), options)),
    );

  program
    .command('rebuild')
    .description(
      'rebuilds the read model from the start of the log while the shop serves: a new version built beside the old, ' +
        'then switched in at once and the old one dropped; Ctrl-C cancels and leaves the read model in use as it was',
    )
    .addOption(projection('rebuild'))
    .action(async () => withShop({ readModel: true, writesReadModel: 'rebuild' }, (shop) => rebuildCommand(shop, io, stop())));

  const replay = program
    .command('replay')
    .description(
      'makes the read-model rows that a range of the log writes as the log says they should be (up to where the read model ' +
        'stands), leaving every other row as it is; --dry-run prints what would change and changes nothing',
    )
    .addOption(projection('replay'))
    .requiredOption('--from <position|iso>', 'the range starts at this log position (topic/partition/offset) or time', startingPoint)
    .option('--to <position|iso>', 'the range ends at this log position or time, included (the log’s end when left out)', startingPoint)
    .option('--dry-run', 'print the rows that would change, and change nothing')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'));
  replay.action(async (options: ReplayOptions) => {
    const problem = rangeProblem(options);
    if (problem) replay.error(`error: ${problem}`);
    await withShop({ readModel: true, writesReadModel: 'replay' }, (shop) => replayCommand(shop, io, options, stop()));
  });

  program
    .command('status')
    .description('each projection checkpoint against the log’s end, the log the read model is bound to, dead letters')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (options: { format: string }) => {
      const auditKey = await auditKeyText(verifySettingsOf(env));
      await withShop({ readModel: true }, (shop) => statusCommand(shop, io, options.format, auditKey));
    });

  program
    .command('stock')
    .description('each product’s stock from the log alone: on hand, reserved by the orders not cancelled, and available')
    .option('--product <id>', 'only this product')
    .addOption(asOfOption())
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (options: StockOptions) => withShop({ readModel: false }, (shop) => stockCommand(shop.log, io, options)));

  adminsCommands(program, { io, env, exit: (code) => (exitCode = code) });
  forgetCommands(program, { io, env, exit: (code) => (exitCode = code) });
  privacyResealCommand(program, io, env, withShop);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end the parse with an "error" that is none.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CannotConnect || error instanceof ConfigError || error instanceof OperatorSocketUnreachable) {
      io.err(`toolforge: ${error.message}\n`);
      return EXIT.usage;
    }
    // The running embedded shop refused a request of the tool's (an answer over its bounds, docs/operators.md).
    if (error instanceof OperatorSocketRefusal) {
      io.err(`toolforge: the running shop refused: ${error.message}\n`);
      return EXIT.usage;
    }
    // Anything else broke off part-way (a statement the read model refused, the log gone): one line, as
    // for the rest, never a stack trace. A rebuild or replay has dropped what it had built by then.
    io.err(`toolforge: ${running || 'the command'} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}

function graceMinutes(text: string): number {
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 10_080)
    throw new InvalidArgumentError('expected whole minutes from 0 to 10080');
  return minutes;
}

/** The options `events list` and `events tail` share: which events, from where. */
interface EventFilterOptions {
  type?: ReturnType<typeof eventType>[];
  topic?: ReturnType<typeof topicName>[];
  from?: ReturnType<typeof startingPoint>;
}

function withEventFilter(command: Command): Command {
  return command
    .option('--type <type>', 'only events of this type (repeatable)', collect(eventType))
    .option('--topic <topic>', 'only this topic (repeatable)', collect(topicName))
    .option('--from <position|iso>', 'from this log position (topic/partition/offset) or time on', startingPoint);
}

function eventFilter(options: EventFilterOptions) {
  return { types: options.type, topics: options.topic, from: options.from };
}

/** --projection: the shop has one projection, the read model, and every table of it goes together. */
function projection(command: string): Option {
  return new Option('--projection <name>', `the projection to ${command} (the shop has one)`).choices(PROJECTIONS).default('read-model');
}

/** Settles at the first SIGINT or SIGTERM. */
function untilSignalled(): Promise<void> {
  return new Promise((done) => {
    const end = () => {
      process.off('SIGINT', end);
      process.off('SIGTERM', end);
      done();
    };
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
  });
}

function pollInterval(text: string): number {
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 10 || ms > 60_000) throw new InvalidArgumentError('a whole number of milliseconds from 10 to 60000');
  return ms;
}
