import { eventContractBreach, type MailEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { OrderWrite } from '../orders/writes.js';

/**
 * OrderEmailResendRequested → orders: an admin's request to send one of the order's e-mails again.
 * The read model keeps nothing of it but its offset in the order's `event_offsets`, so that the
 * order's history shows it (a move of the order's stream that leaves its status as it is). The
 * e-mails themselves are the projector's outbox's (projector/src/mail), which is no part of the read
 * model: a rebuild never touches it and never sends again.
 */
export function projectMailEvent(event: StoredEvent<MailEvent>): OrderWrite[] {
  // Its order id keys a row: one that is no id is refused (to the dead letters) rather than guessed at.
  const breach = eventContractBreach(event);
  if (breach !== undefined) throw new Error(breach);
  const { partition, offset } = event.position;
  return [{ kind: 'moveOrder', move: { orderId: event.data.orderId, status: null, paid: false, logPosition: { partition, offset } } }];
}
