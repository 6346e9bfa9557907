import {
  dataKeyOf,
  formatPosition,
  forgottenValue,
  mapPersonalData,
  personalFieldsOf,
  type DataKeyRef,
  type ShopEvent,
} from '@toolforge/contracts';
import type { StoredEvent } from '../eventLog/eventLog.js';
import { keyIdOf, type CustomerKeys } from './customerKeys.js';
import { isSealed, openValue, sealValue, type SealedValue } from './sealedValues.js';

export interface VaultOptions {
  /**
   * How long an opened key is kept in memory. A reader's copy of a key destroyed meanwhile opens the
   * values a moment longer, no more: the erasure's own event, read after it, drops it at once.
   */
  readonly keyTtlMs?: number;
  /** The most keys kept in memory (the least recently used go first). */
  readonly maxKeys?: number;
  readonly now?: () => number;
}

const DEFAULTS = { keyTtlMs: 10_000, maxKeys: 100_000 } as const;

/**
 * The one place personal values are sealed and opened (docs/privacy.md): the log's writer seals each
 * personal value of a decided event under its customer's data key before the event joins the log;
 * every reader (the projector, the query service's histories and documents, the e-mails, the audits)
 * gets it opened through here, or, once the key is destroyed, as what a forgotten value reads as
 * (contracts' forgottenValue). What an audit needs stays in clear in the log itself: ids, amounts,
 * quantities, products, times, statuses.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, { key: Buffer | null; until: number }>();
  private readonly keyTtlMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(
    private readonly keys: CustomerKeys,
    options: VaultOptions = {},
  ) {
    this.keyTtlMs = options.keyTtlMs ?? DEFAULTS.keyTtlMs;
    this.maxKeys = options.maxKeys ?? DEFAULTS.maxKeys;
    this.now = options.now ?? Date.now;
  }

  /** The events with each personal value sealed; a value of a forgotten customer is written as forgotten, never in clear. */
  async seal<E extends ShopEvent>(events: readonly E[]): Promise<E[]> {
    const keys = await this.keysOf(events, (refs) => this.keys.keysToSeal(refs));
    return events.map((event) => {
      const ref = dataKeyOf(event.type, event.data);
      if (!ref) return event;
      const key = keys.get(keyIdOf(ref)) ?? null;
      const data = mapPersonalData(event.type, event.data, (value, path) => {
        if (typeof value !== 'string' || isSealed(value)) return value;
        return key === null ? forgottenValue(path) : sealValue(key, value, { eventId: event.meta.eventId, type: event.type, path });
      });
      return { ...event, data };
    });
  }

  /** The events with each sealed value opened, or read as forgotten once its key is destroyed. Values in clear (a log from before sealing) stay. */
  async reveal<E extends StoredEvent>(events: readonly E[]): Promise<E[]> {
    const sealed = new Set(events.filter((event) => holdsSealed(event)));
    for (const event of events) if (event.type === 'CustomerForgotten') this.dropKeysOf((event.data as { uid: string }).uid);
    if (sealed.size === 0) return [...events];
    const keys = await this.keysOf([...sealed], (refs) => this.keys.keysToOpen(refs));
    return events.map((event) => {
      if (!sealed.has(event)) return event;
      const ref = dataKeyOf(event.type, event.data)!;
      const key = keys.get(keyIdOf(ref));
      if (key === undefined) throw new MissingDataKey(ref, event);
      const data = mapPersonalData(event.type, event.data, (value, path) => {
        if (!isSealed(value)) return value;
        return key === null ? forgottenValue(path) : openValue(key, value, { eventId: event.meta.eventId, type: event.type, path });
      });
      return { ...event, data };
    });
  }

  /** Forgets what this process holds of the customer's keys (their erasure). */
  dropKeysOf(uid: string): void {
    this.cache.delete(keyIdOf({ uid, purpose: 'personal' }));
    this.cache.delete(keyIdOf({ uid, purpose: 'invoices' }));
  }

  private async keysOf(events: readonly ShopEvent[], fetch: (refs: DataKeyRef[]) => Promise<Map<string, Buffer | null>>) {
    const now = this.now();
    const found = new Map<string, Buffer | null>();
    const missing = new Map<string, DataKeyRef>();
    for (const event of events) {
      const ref = dataKeyOf(event.type, event.data);
      if (!ref) continue;
      const keyId = keyIdOf(ref);
      const cached = this.cache.get(keyId);
      if (cached && cached.until > now) {
        found.set(keyId, cached.key);
        // Used again: the last one the size limit drops.
        this.cache.delete(keyId);
        this.cache.set(keyId, cached);
      } else missing.set(keyId, ref);
    }
    if (missing.size === 0) return found;
    for (const [keyId, key] of await fetch([...missing.values()])) {
      found.set(keyId, key);
      this.remember(keyId, key, now);
    }
    return found;
  }

  private remember(keyId: string, key: Buffer | null, now: number): void {
    this.cache.delete(keyId);
    this.cache.set(keyId, { key, until: now + this.keyTtlMs });
    while (this.cache.size > this.maxKeys) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** Whether any personal value of the event is sealed. */
function holdsSealed(event: ShopEvent): boolean {
  const paths = personalFieldsOf(event.type);
  if (!paths || paths.length === 0) return false;
  let found = false;
  mapPersonalData(event.type, event.data, (value) => {
    if (isSealed(value)) found = true;
    return value;
  });
  return found;
}

/**
 * A sealed value whose key the store never had: the key store is not this log's (another shop's, or
 * one restored without its keys). Never read as forgotten: that would erase everyone silently.
 */
export class MissingDataKey extends Error {
  constructor(ref: DataKeyRef, event: StoredEvent) {
    super(
      `the key store has no ${ref.purpose} key of customer ${ref.uid}, which sealed ${event.type} at ${formatPosition(event.position)}: ` +
        'is this the key store of this log? (docs/privacy.md)',
    );
    this.name = 'MissingDataKey';
  }
}

export type { SealedValue };
