import { dataKeyOf, formatPosition, forgottenValue, mapPersonalData, personalFieldsOf, type DataKeyRef } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { isSealed, keyIdOf, type CustomerKeys } from '@toolforge/platform/privacy';

/** What the personal values of a log, as written, are: sealed, forgotten, or in clear (a problem). */
export interface PersonalValues {
  sealed: number;
  /** Written as forgotten (contracts' forgottenValue): their customer's key was destroyed before the reseal. */
  forgotten: number;
  readonly forgottenCustomers: Set<string>;
  /** Each value in clear, by where it is and which field (never the value: it is personal data). */
  readonly clear: string[];
}

export function noPersonalValues(): PersonalValues {
  return { sealed: 0, forgotten: 0, forgottenCustomers: new Set(), clear: [] };
}

/**
 * Looks at every personal value of `events` as the log holds them (contracts' PERSONAL_DATA): each
 * must be sealed, or, when its customer's key is destroyed in `keys`, be what a forgotten value
 * reads as. Anything else is a value in clear, which no erasure would reach. A type this build does
 * not know cannot be told, so it counts as one too.
 */
export async function lookForClearValues(events: readonly StoredEvent[], keys: CustomerKeys, values: PersonalValues): Promise<void> {
  // In the log's order: the values to look up, and the events of a type this build does not know (no value to look up).
  const texts: ({ where: string; value: string; path: string; ref: DataKeyRef | undefined } | { where: string; unknown: true })[] = [];
  for (const event of events) {
    const where = `${formatPosition(event.position)} ${event.type}`;
    if (personalFieldsOf(event.type) === undefined) {
      texts.push({ where, unknown: true });
      continue;
    }
    const ref = dataKeyOf(event.type, event.data);
    mapPersonalData(event.type, event.data, (value, path) => {
      if (isSealed(value)) values.sealed += 1;
      else if (typeof value === 'string') texts.push({ where, value, path, ref });
      return value;
    });
  }
  if (texts.length === 0) return;
  const found = await keys.keysToOpen(texts.flatMap((text) => ('ref' in text && text.ref ? [text.ref] : [])));
  for (const text of texts) {
    if ('unknown' in text) {
      values.clear.push(`${text.where}: a type this build does not know`);
      continue;
    }
    const { where, value, path, ref } = text;
    if (ref && found.get(keyIdOf(ref)) === null && value === forgottenValue(path)) {
      values.forgotten += 1;
      values.forgottenCustomers.add(ref.uid);
    } else values.clear.push(`${where}: ${path} is in clear`);
  }
}
