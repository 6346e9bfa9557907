import { userInfo } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { readConfig, type ShopConfig } from '@toolforge/platform';
import { grantAdminRequestSchema } from '@toolforge/platform/operatorSocket';
import { grantAdminThroughRunningShop } from './operatorSocket/client.js';
import { EXIT, type CliIo } from './output.js';
import { CannotConnect } from './shopConnection.js';

/**
 * `toolforge admins grant <email>`: the operator's break-glass grant of the admin role (docs/operators.md),
 * for when no admin is left to grant it (a rogue admin revoked the others, and ADMIN_EMAILS never grants
 * a revoked account again). The running embedded shop decides it with its own command side, on the
 * operators' socket that only the data dir's owner may open; the event names the operator as its actor.
 */
export function adminsCommands(program: Command, context: { io: CliIo; env: NodeJS.ProcessEnv; exit: (code: number) => void }): void {
  const admins = program.command('admins').description('the shop’s admins');
  admins
    .command('grant')
    .description(
      'makes the account with this e-mail address an admin, even one whose role was revoked: an AdminGranted event ' +
        '(reason break-glass, actor operator:<your OS user>) decided by the running embedded shop',
    )
    .argument('<email>', 'the address the account signed in with', emailAddress)
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (email: string, options: { format: string }) => {
      context.exit(await grantAdmin(readConfig(context.env), email, context.io, options.format));
    });
}

async function grantAdmin(config: Pick<ShopConfig, 'kafkaBrokers' | 'dataDir'>, email: string, io: CliIo, format: string): Promise<number> {
  // The command service is the log's one writer; the tool never appends to Kafka itself.
  if (config.kafkaBrokers) {
    throw new CannotConnect(
      'admins grant is not available in services mode yet (KAFKA_BROKERS is set): only the embedded shop (make start) serves it, on its operators’ socket',
    );
  }
  const granted = await grantAdminThroughRunningShop(config.dataDir, { email, operator: operatorName() });
  if (!granted) {
    throw new CannotConnect(
      `the embedded shop in ${config.dataDir} is not running (nothing answers on its operators’ socket): ` +
        'the grant is decided by the running shop, so start it (make start), then run the grant again',
    );
  }
  io.out(
    format === 'json'
      ? `${JSON.stringify(granted, null, 2)}\n`
      : `${granted.email} (account ${granted.uid}) is an admin: AdminGranted by ${granted.actor} at ${granted.position}\n`,
  );
  return EXIT.ok;
}

/** The OS user the tool runs as: the data dir's owner (or root), since nobody else can open the socket. */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    // A uid without an entry in the passwords file (a container's, say) still names someone.
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/** The same rule the shop's socket applies, so that a mistyped address is a usage error before anything is sent. */
function emailAddress(text: string): string {
  const parsed = grantAdminRequestSchema.shape.email.safeParse(text);
  if (!parsed.success) throw new InvalidArgumentError('expected an e-mail address, e.g. ada@example.com');
  return parsed.data;
}
