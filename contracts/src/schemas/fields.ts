import { z } from 'zod';
import { LIMITS, PASSWORD_SYMBOLS } from '../constants.js';
import { messages } from '../messages.js';

/**
 * Characters no shop text needs and every consumer of an event pays for: C0/C1 control characters
 * (PostgreSQL refuses NUL outright, so one NUL in an event would stop the projector), lone UTF-16
 * surrogates (refused by PostgreSQL's JSON), and the invisible format characters that make a name
 * or an address read differently from what it holds (bidirectional embeddings, overrides and
 * isolates, zero-width space, word joiners, the byte-order mark). Zero-width (non-)joiners stay:
 * several scripts need them.
 */
const HIDDEN_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\p{Cs}/u;
/** Tabs and line breaks: allowed only in the texts a customer may write on several lines. */
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

export interface TextRules {
  /** What the field is called in the refusal ("Shipping address must not contain …"). */
  readonly label: string;
  /** Line breaks and tabs allowed (addresses, descriptions). */
  readonly multiline?: boolean;
}

/** Whether a text holds only characters the shop can show, store and project safely. */
export function isPlainText(value: string, multiline = false): boolean {
  return !HIDDEN_CHARACTER.test(value) && (multiline || !LINE_BREAK_OR_TAB.test(value));
}

/** A string of plain text (see HIDDEN_CHARACTER), trimmed. The refusal names the field. */
export function plainText(rules: TextRules, typeMessage: string = messages.required) {
  return z
    .string({ error: typeMessage })
    .trim()
    .refine((value) => isPlainText(value, rules.multiline), messages.hiddenCharacters(rules.label, rules.multiline ?? false));
}

/** A required plain text, trimmed; missing, non-text or blank input reads "This field is required". */
export function requiredText(rules: TextRules, requiredMessage: string = messages.required) {
  return plainText(rules, requiredMessage).min(1, requiredMessage);
}

/**
 * An optional text that a client may send as null (the identity provider's display name is null
 * until one is set): null and a missing value both read as ''.
 */
export function nullAsEmpty(schema: z.ZodString) {
  return schema.nullish().transform((value) => value ?? '');
}

/** An identifier in a path or body: one line of plain text, never blank. */
export function identifier(label: string, max: number) {
  return requiredText({ label }).max(max);
}

/**
 * A number the web's text inputs send as a string and API clients may send as a number. The output
 * is the trimmed text, so one regex rule serves both; `message` covers every malformed value.
 */
export function numericText(message: string, requiredMessage: string = messages.required) {
  return z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .min(1, requiredMessage)
        .regex(/^\d+(\.\d+)?$/, message),
    );
}

/** A whole number from 1 up, given as text or number ("12" or 12), validated as the stock rule of the Add Product form. */
export function positiveWholeNumber(message: string, tooHighMessage: string, max: number) {
  return numericText(message)
    .pipe(z.string().regex(/^[1-9]\d*$/, message))
    .transform(Number)
    .pipe(z.number().max(max, tooHighMessage));
}

/**
 * An address with one @ and a dot in its domain, a character either side of that dot. The domain is
 * read as its first character, the characters up to its first dot and the rest, so each character
 * has one place in a match: the pattern runs in time linear in the text. The spec's
 * `[^\s@]+\.[^\s@]+` took the same addresses but tried every dot of the domain in turn, quadratic
 * (issue 34: "a@" and a long run of dots held the shop).
 */
export const emailPattern = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export function email(message: string) {
  return (
    z
      .string({ error: message })
      .trim()
      .refine((value) => isPlainText(value), message)
      .min(1, message)
      // zod runs every check after a failed one unless it aborts: a text too long to be an address
      // is refused here, and no pattern reads it.
      .max(LIMITS.email, { error: message, abort: true })
      .regex(emailPattern, message)
  );
}

export const PASSWORD_PATTERN = new RegExp(`^[A-Za-z0-9${PASSWORD_SYMBOLS}]{${LIMITS.passwordMin},}$`);
export const password = z.string({ error: messages.password }).regex(PASSWORD_PATTERN, messages.password);
