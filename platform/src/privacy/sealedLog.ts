import type { AppendRequest, AppendResult, EventLog, EventsAt, LogPage, ReadAllOptions, StoredEvent } from '../eventLog/eventLog.js';
import type { PersonalDataVault } from './vault.js';

/**
 * `log` with its personal values sealed on the way in and opened on the way out, through `vault`
 * (docs/privacy.md): what a process holds as its log once it has the key store. Everything else the
 * log offers (its end, its identity, its notices) is the log's own; the hash chain is computed by the
 * log over what it stores, the sealed values. A read as written (`asWritten`, audit verify) is handed
 * over as the log holds it.
 */
export function sealedLog<Log extends EventLog>(log: Log, vault: PersonalDataVault): Log {
  const appendBatch = async (requests: readonly AppendRequest[]): Promise<AppendResult[]> => {
    // The batch's events sealed together: one look-up of the keys they need, however many requests share a customer.
    const events = await vault.seal(requests.flatMap((request) => request.events));
    let next = 0;
    const sealed = requests.map((request) => ({ ...request, events: events.slice(next, (next += request.events.length)) }));
    const results = await log.appendBatch(sealed);
    // The writer folds what it appended into its state: the events as decided, where they sit.
    return results.map((result, index) => ({ ...result, stored: inClear(result.stored, requests[index]!) }));
  };
  const sealing: EventLog = {
    appendBatch,
    append: async (request) => (await appendBatch([request]))[0]!,
    readAll: (options?: ReadAllOptions) => (options?.asWritten ? log.readAll(options) : revealPages(log.readAll(options), vault)),
    close: () => log.close(),
  };
  // The embedded log also reads given events (it is the query service's EventsAt there).
  if (!('readAt' in log)) return withOwn(log, sealing);
  return withOwn(log, { ...sealing, readAt: revealedReadAt(log as Log & EventsAt, vault) });
}

/** The appended events as decided (in clear), with what the log gave each: its position, stream position and chain. */
function inClear(stored: readonly StoredEvent[], request: AppendRequest): StoredEvent[] {
  return stored.map((event, index) => ({ ...event, data: request.events[index]!.data }) as StoredEvent);
}

async function* revealPages(pages: AsyncIterable<LogPage>, vault: PersonalDataVault): AsyncIterable<LogPage> {
  for await (const page of pages) yield { ...page, events: await vault.reveal(page.events) };
}

/** A reader of given events (an order's history, a document) whose personal values are opened through `vault`. */
export function revealingEventsAt<Reader extends EventsAt>(reader: Reader, vault: PersonalDataVault): Reader {
  return withOwn(reader, { readAt: revealedReadAt(reader, vault) });
}

/** `reader`'s readAt with the events' personal values opened. */
function revealedReadAt(reader: EventsAt, vault: PersonalDataVault): EventsAt['readAt'] {
  return async (topic, partition, offsets) => vault.reveal(await reader.readAt(topic, partition, offsets));
}

/** `target` with `own`'s members in place of its own; every other member is the target's (its methods bound to it). */
function withOwn<Target extends object>(target: Target, own: object): Target {
  return new Proxy(target, {
    get(subject, property, receiver) {
      if (Object.hasOwn(own, property)) return (own as Record<PropertyKey, unknown>)[property];
      const value: unknown = Reflect.get(subject, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(subject) : value;
    },
  });
}
