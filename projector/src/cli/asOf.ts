import { InvalidArgumentError, Option } from 'commander';
import { TOPICS } from '@toolforge/contracts';
import type { EventLog, StoredEvent } from '@toolforge/platform';
import { isoTime } from './arguments.js';
import { ledgerOf, type LogLedger } from './orderAudit.js';

/**
 * Whether an event was in the log's account as of `at`: it occurred at or before it (its
 * `meta.occurredAt`, the writer's clock when it decided the event). The moment is included, so that
 * an order is placed as of the very instant its OrderPlaced occurred.
 */
export function occurredBy(at: Date): (event: Pick<StoredEvent, 'meta'>) => boolean {
  const limit = at.getTime();
  return (event) => Date.parse(event.meta.occurredAt) <= limit;
}

/**
 * The log's ledger of products and orders (orderAudit.ts), folded from the events that occurred by
 * `asOf` alone, or from every event when none is given: the same fold, fewer facts. An order paid
 * later is pending in it, one placed later is not in it, and a product's stock is as its restocks
 * and orders had left it. The read model plays no part: it holds the shop as it is now.
 */
export async function ledgerAsOf(log: EventLog, asOf?: Date): Promise<LogLedger> {
  const kept = asOf ? occurredBy(asOf) : () => true;
  const events: StoredEvent[] = [];
  for await (const page of log.readAll({ topics: [TOPICS.products, TOPICS.orders] })) {
    for (const event of page.events) if (kept(event)) events.push(event);
  }
  return ledgerOf(events);
}

/**
 * --as-of: a moment already past, as an ISO date or time (a date alone is its midnight, UTC). The log
 * holds no account of a moment to come, so one is a usage error, as is anything but a time.
 */
export function pastMoment(text: string, now: Date = new Date()): Date {
  const at = isoTime(text);
  if (at.getTime() > now.getTime()) throw new InvalidArgumentError(`${at.toISOString()} has not come yet: the log holds no account of it`);
  return at;
}

/** The --as-of option of the commands that answer from the log as it stood at a moment. */
export function asOfOption(): Option {
  return new Option(
    '--as-of <iso>',
    'as the log stood at this moment: only the events that occurred at or before it (the read model, which holds the shop now, is not consulted)',
  ).argParser((text: string) => pastMoment(text));
}
