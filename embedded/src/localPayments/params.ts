import { invalidRequest } from './errors.js';
import type { FormRecord, FormValue } from './formEncoding.js';

/** Stripe's bounds on metadata: 50 keys, each up to 40 characters, each value up to 500. */
const METADATA = { keys: 50, keyLength: 40, valueLength: 500 } as const;
/** Stripe's largest amount in minor units (99,999,999: $999,999.99). */
export const MAX_AMOUNT = 99_999_999;
/** Far more than any list of a request (Stripe takes at most 100 line items). */
const MAX_LIST_ITEMS = 100;

/**
 * Reads a request's parameters (formEncoding.ts) the way Stripe checks them: each refusal is a 400
 * invalid_request_error naming the parameter as the SDK sent it (`line_items[0][quantity]`).
 * Parameters not read are ignored: the provider takes the subset of Stripe's API the shop uses.
 */
export class Params {
  constructor(
    private readonly record: FormRecord,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  private value(key: string): FormValue | undefined {
    return Object.hasOwn(this.record, key) ? this.record[key] : undefined;
  }

  has(key: string): boolean {
    return this.value(key) !== undefined;
  }

  /** Given as one value rather than as an object of nested ones (`created=…`, not `created[gte]=…`). */
  isText(key: string): boolean {
    return typeof this.value(key) === 'string';
  }

  text(key: string, options: { required: true; max?: number }): string;
  text(key: string, options?: { required?: boolean; max?: number }): string | undefined;
  text(key: string, { required = false, max = 5_000 }: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.value(key);
    if (value === undefined || value === '') {
      if (required) throw invalidRequest(`Missing required param: ${this.name(key)}.`, this.name(key), 'parameter_missing');
      return undefined;
    }
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)} is an object`, this.name(key));
    if (value.length > max) throw invalidRequest(`Invalid string: ${this.name(key)} must be at most ${max} characters`, this.name(key));
    return value;
  }

  /** One of `choices`. */
  choice<T extends string>(key: string, choices: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = this.text(key, options);
    if (value === undefined) return undefined;
    if (!(choices as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${choices.join(', ')}`, this.name(key));
    }
    return value as T;
  }

  integer(key: string, options: { required: true; min?: number; max?: number }): number;
  integer(key: string, options?: { required?: boolean; min?: number; max?: number }): number | undefined;
  integer(
    key: string,
    { required = false, min = 0, max = Number.MAX_SAFE_INTEGER }: { required?: boolean; min?: number; max?: number } = {},
  ): number | undefined {
    const text = this.text(key, { required, max: 20 });
    if (text === undefined) return undefined;
    const number = /^-?\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(number)) throw invalidRequest(`Invalid integer: ${text}`, this.name(key));
    if (number < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, this.name(key));
    if (number > max) throw invalidRequest(`This value must be less than or equal to ${max}.`, this.name(key));
    return number;
  }

  /** An absolute http(s) address (a page the provider sends the customer or an event to). */
  url(key: string, options: { required: true }): string;
  url(key: string, options?: { required?: boolean }): string | undefined;
  url(key: string, options: { required?: boolean } = {}): string | undefined {
    const text = this.text(key, { ...options, max: 2_048 });
    if (text === undefined) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw invalidRequest('Not a valid URL', this.name(key), 'url_invalid');
    return text;
  }

  /** A nested object (`payment_intent_data[…]`), empty when absent. */
  object(key: string): Params {
    const value = this.value(key);
    if (typeof value === 'string' && value !== '') throw invalidRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    return new Params(typeof value === 'object' ? value : {}, this.name(key));
  }

  /** A list (`line_items[0]…`, `enabled_events[0]=…`), in the order of its indexes. */
  private items(key: string): [name: string, value: FormValue][] {
    const value = this.value(key);
    if (value === undefined || value === '') return [];
    if (typeof value === 'string') throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    const indexes = Object.keys(value);
    if (indexes.length > MAX_LIST_ITEMS) throw invalidRequest(`${this.name(key)} may have at most ${MAX_LIST_ITEMS} items`, this.name(key));
    if (!indexes.every((index) => /^\d{1,3}$/.test(index))) throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return indexes
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => [`${this.name(key)}[${index}]`, value[String(index)]!]);
  }

  objects(key: string): Params[] {
    return this.items(key).map(([name, value]) => {
      if (typeof value === 'string') throw invalidRequest(`Invalid object: ${name}`, name);
      return new Params(value, name);
    });
  }

  texts(key: string): string[] {
    return this.items(key).map(([name, value]) => {
      if (typeof value !== 'string' || value === '') throw invalidRequest(`Invalid string: ${name}`, name);
      return value;
    });
  }

  /** Stripe's metadata: string keys to string values, within Stripe's bounds. */
  metadata(key = 'metadata'): Record<string, string> {
    const metadata = this.object(key);
    const entries = Object.keys(metadata.record).map((name) => {
      const value = metadata.text(name, { max: METADATA.valueLength }) ?? '';
      if (name.length > METADATA.keyLength) {
        throw invalidRequest(`Metadata keys can be at most ${METADATA.keyLength} characters`, metadata.name(name));
      }
      return [name, value] as const;
    });
    if (entries.length > METADATA.keys) throw invalidRequest(`Metadata can have at most ${METADATA.keys} keys`, this.name(key));
    // Object.fromEntries defines each key as an own property: a key "__proto__" stays a key.
    return Object.fromEntries(entries.filter(([, value]) => value !== ''));
  }
}
