import { forgottenData, forgottenValue } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { Attachment, OrderMailState, OwedEmail } from './decisions.js';
import { parsed } from './jsonb.js';
import type { OutboxMessage } from './outbox.js';

/**
 * The e-mails of an erased customer (CustomerForgotten, docs/documents.md): the outbox is no part of
 * the read model and is never built again from the log, so it forgets them itself, as the log reads
 * once their key is destroyed (contracts' forgottenValue): their address is gone, what the stored
 * e-mails and their orders' folds say of them reads as forgotten, and nothing owed to them is sent,
 * now or later.
 */

/** Why an e-mail of an erased customer is not sent (mail_outbox.reason). */
export const FORGOTTEN_REASON = 'customer forgotten';

/** What a personal value reads as once forgotten, where the e-mails keep text (a name or an address never reads as none). */
const forgottenText = (path: string): string => forgottenValue(path) ?? '';

/**
 * An attached document as the e-mail keeps it. The law keeps the invoice and the credit note
 * themselves (the log and the read model's order_documents, under a key the erasure keeps); an
 * e-mail's copy of them is no record the law asks for, and is never sent once forgotten.
 */
function forgottenAttachment(attachment: Attachment | null): Attachment | null {
  if (!attachment) return null;
  return attachment.kind === 'invoice'
    ? { kind: 'invoice', data: forgottenData('InvoiceIssued', attachment.data) }
    : { kind: 'creditNote', data: forgottenData('CreditNoteIssued', attachment.data) };
}

function forgottenOwed(owed: OwedEmail): OwedEmail {
  return {
    ...owed,
    ...(owed.reason !== undefined ? { reason: forgottenText('reason') } : {}),
    attachment: forgottenAttachment(owed.attachment),
  };
}

/** An order's fold once its customer is erased: marked so, so that what it owes later is skipped rather than looked up. */
export function forgottenOrderMail(state: OrderMailState): OrderMailState {
  return {
    ...state,
    customerName: forgottenText('userName'),
    shippingAddress: forgottenText('shippingAddress'),
    invoice: state.invoice && forgottenData('InvoiceIssued', state.invoice),
    creditNotes: state.creditNotes.map((creditNote) => forgottenData('CreditNoteIssued', creditNote)),
    owed: Object.fromEntries(Object.entries(state.owed).map(([email, owed]) => [email, forgottenOwed(owed)])),
    forgotten: true,
  };
}

/** An outbox row's message once its customer is erased: no address, and the facts it is written from without them. */
export function forgottenMessage(message: OutboxMessage): OutboxMessage {
  const { reason, ...facts } = message.facts;
  return {
    to: message.to && { address: forgottenText('email'), name: forgottenText('name') },
    facts: {
      ...facts,
      customerName: forgottenText('userName'),
      shippingAddress: forgottenText('shippingAddress'),
      ...(reason !== undefined ? { reason: forgottenText('reason') } : {}),
    },
    attachment: forgottenAttachment(message.attachment),
  };
}

/**
 * Forgets the customers `uids` in the outbox's tables, in the transaction of the accounts' page that
 * erased them: their address, their orders' folds, their e-mails (pending ones skipped, so the
 * sender never takes them). Their orders are found by their folds (mail_orders.state.userId): an
 * erasure is rare, and the outbox keeps to its own tables.
 */
export async function forgetRecipients(tx: SqlQueryable, uids: readonly string[]): Promise<void> {
  await tx.query('delete from mail_recipients where uid = any($1::text[])', [uids]);
  const orders = await tx.query<{ order_id: string; state: unknown }>(
    `select order_id, state from mail_orders where state->>'userId' = any($1::text[])`,
    [uids],
  );
  if (orders.rows.length === 0) return;
  const orderIds = orders.rows.map((row) => row.order_id);
  await tx.query(
    `update mail_orders m set state = f.state from unnest($1::text[], $2::jsonb[]) as f(order_id, state) where m.order_id = f.order_id`,
    [orderIds, orders.rows.map((row) => JSON.stringify(forgottenOrderMail(parsed<OrderMailState>(row.state))))],
  );
  const emails = await tx.query<{ event_id: string; message: unknown }>(
    'select event_id, message from mail_outbox where order_id = any($1::text[])',
    [orderIds],
  );
  if (emails.rows.length === 0) return;
  await tx.query(
    `update mail_outbox o set message = f.message,
            reason = case when o.state = 'pending' then $3 else o.reason end,
            state = case when o.state = 'pending' then 'skipped' else o.state end
       from unnest($1::text[], $2::jsonb[]) as f(event_id, message) where o.event_id = f.event_id`,
    [
      emails.rows.map((row) => row.event_id),
      emails.rows.map((row) => JSON.stringify(forgottenMessage(parsed<OutboxMessage>(row.message)))),
      FORGOTTEN_REASON,
    ],
  );
}
