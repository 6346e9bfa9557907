import { generateKeyPairSync } from 'node:crypto';
import { formatCents, formatPosition } from '@toolforge/contracts';
import { readAhead, type EventLog } from '@toolforge/platform';
import type { LogIdentity } from '@toolforge/platform/sql';
import { ledgerAsOf } from '../asOf.js';
import { counted } from '../output.js';
import { ChainCheck } from '../verify/chainCheck.js';
import type { CarriedLog } from './carryLog.js';
import { lookForClearValues, noPersonalValues, type PersonalValues } from './clearValues.js';
import type { NewLog } from './newLog.js';
import { sameLedger } from './sameLedger.js';

/** One of the checks a reseal makes before it says done (docs/operators.md#resealing-a-log-written-before-sealing). */
export interface ResealCheck {
  readonly check: 'audit verify' | 'audit orders' | 'events' | 'personal data';
  readonly passed: boolean;
  /** What was found, in a line. */
  readonly detail: string;
  /** What failed, each by where it is (never a personal value). */
  readonly problems: readonly string[];
}

/** The old log as the reseal found it: where it ended when the copy began, and when it had ended. */
export interface OldLog {
  readonly log: EventLog;
  readonly before: LogIdentity;
  readonly after: LogIdentity;
}

/** The events of each topic of the new log, and what its personal values are. */
export interface NewLogFigures {
  readonly events: ReadonlyMap<string, number>;
  readonly personal: PersonalValues;
}

const PAGE_SIZE = 2000;

/**
 * The new log checked against the old one: its chain as `audit verify` checks it, the orders'
 * account as `audit orders` keeps it, the same events per topic each once, and no personal value
 * in clear. One read of the new log as written, then each log's orders and products for the ledgers.
 */
export async function checkReseal(
  old: OldLog,
  fresh: Pick<NewLog, 'log' | 'keys'>,
  carried: CarriedLog,
): Promise<{ checks: ResealCheck[]; figures: NewLogFigures }> {
  const { logId } = await fresh.log.identify();
  // No anchor is checked: the new log has none until its writer's first start signs its genesis
  // (docs/audit-trail.md#anchors), so the key is any, and no event counts as unanchored.
  const chain = new ChainCheck(logId, [], [], generateKeyPairSync('ed25519').publicKey, false);
  const events = new Map<string, number>();
  const personal = noPersonalValues();
  const unseen = new Set(carried.eventIds);
  const idProblems: string[] = [];
  for await (const page of readAhead(fresh.log.readAll({ asWritten: true, pageSize: PAGE_SIZE }))) {
    chain.page(page);
    for (const event of page.events) {
      events.set(page.topic, (events.get(page.topic) ?? 0) + 1);
      const id = String(event.meta?.eventId);
      if (unseen.delete(id)) continue;
      const why = carried.eventIds.has(id) ? 'a second time' : 'which the old log does not hold';
      idProblems.push(`${formatPosition(event.position)}: event ${id}, ${why}`);
    }
    await lookForClearValues(page.events, fresh.keys, personal);
  }
  const partitions = chain.finish(Date.now(), Number.POSITIVE_INFINITY);
  for (const id of unseen) idProblems.push(`event ${id} of the old log is not in the new one`);

  const chainProblems = [
    ...chain.problems.map(
      (problem) => `${problem.position ? formatPosition(problem.position) : '(anchors)'}: ${problem.kind}, ${problem.detail}`,
    ),
    ...partitions.filter((p) => p.unchained > 0).map((p) => `${p.topic}/${p.partition}: ${p.unchained} events without a chain`),
  ];
  const ledger = sameLedger(await ledgerAsOf(old.log), await ledgerAsOf(fresh.log));
  const eventProblems = [
    ...carried.notCarried.map((why) => `not carried, ${why}`),
    ...[...new Set([...carried.oldEvents.keys(), ...events.keys()])].flatMap((topic) => {
      const [was, is] = [carried.oldEvents.get(topic) ?? 0, events.get(topic) ?? 0];
      return was === is ? [] : [`${topic}: ${was} events in the old log, ${is} in the new`];
    }),
    ...idProblems,
    ...carried.movedInStream.map((where) => `${where}: not at its place in its stream`),
    ...movedOn(old.before, old.after),
  ];
  const total = [...events.values()].reduce((sum, count) => sum + count, 0);
  const forgotten = personal.forgottenCustomers.size;
  const checks: ResealCheck[] = [
    {
      check: 'audit verify',
      passed: chainProblems.length === 0,
      detail: `${counted(total, 'event', 'events')} in ${counted(partitions.length, 'partition', 'partitions')}, each as its writer hashed it, in its place`,
      problems: chainProblems,
    },
    {
      check: 'audit orders',
      passed: ledger.differences.length === 0,
      detail:
        `${counted(ledger.orders, 'order', 'orders')} and ${counted(ledger.customers, 'customer', 'customers')}, ` +
        `${formatCents(ledger.revenueCents)} in all, the same to the cent in both logs`,
      problems: ledger.differences,
    },
    {
      check: 'events',
      passed: eventProblems.length === 0,
      detail: 'the same events per topic as the old log, each event id once, each at its place in its stream',
      problems: eventProblems,
    },
    {
      check: 'personal data',
      passed: personal.clear.length === 0,
      detail:
        `${counted(personal.sealed, 'personal value', 'personal values')} sealed` +
        (forgotten > 0
          ? `, ${personal.forgotten} of ${counted(forgotten, 'erased customer', 'erased customers')} written as forgotten`
          : '') +
        (personal.clear.length === 0 ? ', none in clear' : `, ${personal.clear.length} in clear`),
      problems: personal.clear,
    },
  ];
  return { checks, figures: { events, personal } };
}

/** The partitions of the old log that ended elsewhere once the copy was done: something appended meanwhile. */
function movedOn(before: LogIdentity, after: LogIdentity): string[] {
  const ends = new Map(before.ends.map((end) => [`${end.topic}/${end.partition}`, end.end]));
  return after.ends
    .filter((end) => (ends.get(`${end.topic}/${end.partition}`) ?? 0) !== end.end)
    .map(
      (end) =>
        `${end.topic}/${end.partition}: the old log moved on while it was copied (it ended at ${ends.get(`${end.topic}/${end.partition}`) ?? 0}, now at ${end.end}): ` +
        'stop the shop, then reseal again into a new target',
    );
}
