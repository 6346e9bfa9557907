import { InvalidArgumentError, Option, type Command } from 'commander';
import { readConfig } from '@toolforge/platform';
import { forgetCustomerRequestSchema, type ForgottenCustomer } from '@toolforge/platform/operatorSocket';
import { decidedByRunningShop, type OperatorCommandContext } from './decidedByRunningShop.js';
import { forgetCustomerThroughRunningShop } from './operatorSocket/client.js';
import { EXIT } from './output.js';

/**
 * `toolforge forget customer <uid>`: the operator erases a customer (docs/privacy.md#erasure), as the
 * customer's own POST /me/erase does, for a request that came by letter or by the support desk. The
 * running embedded shop decides it with its own command side, on the operators' socket that only the
 * data dir's owner may open; the CustomerForgotten event names the operator as its actor.
 */
export function forgetCommands(program: Command, context: OperatorCommandContext): void {
  const forget = program.command('forget').description('the right to erasure');
  forget
    .command('customer')
    .description(
      'erases the customer with this uid, decided by the running embedded shop: their data key destroyed (the log reads their ' +
        'personal values as forgotten from then on), a CustomerForgotten event (actor operator:<your OS user>) and their ' +
        'account disabled; refused while an order of theirs is neither delivered nor cancelled',
    )
    .argument('<uid>', 'the customer’s account id, as the log names it (events list, audit orders)', customerUid)
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action(async (uid: string, options: { format: string }) => {
      const forgotten = await decidedByRunningShop(
        readConfig(context.env),
        {
          command: 'forget customer',
          decision: 'the erasure',
          inServicesMode: 'there the customer erases their account with POST /me/erase, or an operator runs it against the embedded shop',
        },
        (dataDir, operator) => forgetCustomerThroughRunningShop(dataDir, { uid, operator }),
      );
      context.io.out(options.format === 'json' ? `${JSON.stringify(forgotten, null, 2)}\n` : `${erasureLine(forgotten)}\n`);
      context.exit(EXIT.ok);
    });
}

function erasureLine({ uid, actor, position }: ForgottenCustomer): string {
  return position === null ? `${uid} was erased already: nothing to do` : `${uid} was erased: CustomerForgotten by ${actor} at ${position}`;
}

/** The same rule the shop's socket applies, so that what is no uid is a usage error before anything is sent. */
function customerUid(text: string): string {
  const parsed = forgetCustomerRequestSchema.shape.uid.safeParse(text);
  if (!parsed.success) throw new InvalidArgumentError('expected an account’s uid: one line of plain text, at most 128 characters');
  return parsed.data;
}
