import { InvalidArgumentError, Option, type Command } from 'commander';
import { readConfig, type ShopConfig } from '@toolforge/platform';
import { grantAdminRequestSchema } from '@toolforge/platform/operatorSocket';
import { decidedByRunningShop, type OperatorCommandContext } from './decidedByRunningShop.js';
import { grantAdminThroughRunningShop } from './operatorSocket/client.js';
import { EXIT, type CliIo } from './output.js';

/**
 * `toolforge admins grant <email>`: the operator's break-glass grant of the admin role (docs/operators.md),
 * for when no admin is left to grant it (a rogue admin revoked the others, and ADMIN_EMAILS never grants
 * a revoked account again). The running embedded shop decides it with its own command side, on the
 * operators' socket that only the data dir's owner may open; the event names the operator as its actor.
 */
export function adminsCommands(program: Command, context: OperatorCommandContext): void {
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
  const granted = await decidedByRunningShop(config, { command: 'admins grant', decision: 'the grant' }, (dataDir, operator) =>
    grantAdminThroughRunningShop(dataDir, { email, operator }),
  );
  io.out(
    format === 'json'
      ? `${JSON.stringify(granted, null, 2)}\n`
      : `${granted.email} (account ${granted.uid}) is an admin: AdminGranted by ${granted.actor} at ${granted.position}\n`,
  );
  return EXIT.ok;
}

/** The same rule the shop's socket applies, so that a mistyped address is a usage error before anything is sent. */
function emailAddress(text: string): string {
  const parsed = grantAdminRequestSchema.shape.email.safeParse(text);
  if (!parsed.success) throw new InvalidArgumentError('expected an e-mail address, e.g. ada@example.com');
  return parsed.data;
}
