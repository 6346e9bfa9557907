/**
 * The numbers of the shop's documents: a prefix, the year it was issued in (UTC), and its place in
 * that year's sequence, from 1, six digits at least (INV-2026-000001). The command service decides
 * each with the order's state, so every year's sequence has no gap and no repeat (docs/documents.md).
 */
export const DOCUMENT_PREFIXES = { invoice: 'INV', creditNote: 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;

/** What a document number is made of. */
export interface DocumentNumberParts {
  readonly kind: DocumentKind;
  readonly year: number;
  readonly sequence: number;
}

const PATTERN_DIGITS = 6;

/** "INV-2026-000001": the number of the `sequence`th document of its kind issued in `year`. */
export function documentNumber({ kind, year, sequence }: DocumentNumberParts): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`a document's sequence starts at 1, not ${sequence}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`a document's year has four digits, not ${year}`);
  return `${DOCUMENT_PREFIXES[kind]}-${year}-${String(sequence).padStart(PATTERN_DIGITS, '0')}`;
}

/** The parts of a document number, or undefined for text that is no such number (read without a regular expression). */
export function documentNumberParts(text: string): DocumentNumberParts | undefined {
  const [prefix, year, sequence, ...rest] = text.split('-');
  if (prefix === undefined || year === undefined || sequence === undefined || rest.length > 0) return undefined;
  const kind = (Object.keys(DOCUMENT_PREFIXES) as DocumentKind[]).find((candidate) => DOCUMENT_PREFIXES[candidate] === prefix);
  if (kind === undefined || !isDigits(year, 4, 4) || !isDigits(sequence, PATTERN_DIGITS, 15)) return undefined;
  const parts = { kind, year: Number(year), sequence: Number(sequence) };
  // One spelling per number: no extra leading zeros beyond the six digits.
  return parts.sequence >= 1 && documentNumber(parts) === text ? parts : undefined;
}

function isDigits(text: string, min: number, max: number): boolean {
  if (text.length < min || text.length > max) return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return true;
}

/** The year (UTC) a document issued at `issuedAt` is numbered in. */
export function documentYear(issuedAt: Date): number {
  return issuedAt.getUTCFullYear();
}
