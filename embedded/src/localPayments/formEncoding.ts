import { invalidRequest } from './errors.js';

/**
 * Stripe's request encoding: form fields whose names nest with brackets, as the stripe SDK sends a
 * body or a query string (`line_items[0][price_data][unit_amount]=1234&metadata[orderId]=…`).
 * Parsed into nested records without prototypes (a hostile `__proto__` is a key like any other); a
 * list is a record keyed by its indexes, which params.ts reads in order.
 */
export type FormValue = string | FormRecord;
export interface FormRecord {
  readonly [name: string]: FormValue;
}

/** Far more than any request of the SDK: a body or query beyond these is no Stripe request. */
const MAX_FIELDS = 2_000;
const MAX_DEPTH = 6;

/** `name[a][b]`: the name, then each bracketed part (none empty: the SDK always numbers list items). */
const FIELD_NAME = /^([^[\]]+)((?:\[[^[\]]+\])*)$/;

type MutableRecord = Record<string, FormValue>;

export function parseForm(text: string): FormRecord {
  const root: MutableRecord = Object.create(null) as MutableRecord;
  let fields = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++fields > MAX_FIELDS) throw invalidRequest(`A request may have at most ${MAX_FIELDS} parameters.`);
    const match = FIELD_NAME.exec(name);
    if (!match) throw invalidRequest(`Invalid parameter name: ${name}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]+)\]/g)].map((part) => part[1]!)];
    if (path.length > MAX_DEPTH) throw invalidRequest(`Parameters nest at most ${MAX_DEPTH} deep: ${name}`);
    let record = root;
    for (const [index, key] of path.entries()) {
      const last = index === path.length - 1;
      const existing = record[key];
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') throw invalidRequest(`Invalid parameter: ${name} is an object`, name);
        record[key] = value;
      } else if (existing === undefined) {
        const next: MutableRecord = Object.create(null) as MutableRecord;
        record[key] = next;
        record = next;
      } else if (typeof existing === 'string') {
        throw invalidRequest(`Invalid parameter: ${path.slice(0, index + 1).join('.')} is not an object`, name);
      } else {
        record = existing;
      }
    }
  }
  return root;
}
