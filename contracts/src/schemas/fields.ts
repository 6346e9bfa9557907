import { z } from 'zod';
import { messages } from '../messages.js';

/** A required string, trimmed; missing, non-text or blank input reads "This field is required". */
export function requiredText(requiredMessage: string = messages.required) {
  return z.string({ error: requiredMessage }).trim().min(1, requiredMessage);
}

/**
 * A number the web's text inputs send as a string and API clients may send as a number. The output
 * is the trimmed text, so one regex rule serves both; `message` covers every malformed value.
 */
export function numericText(message: string, requiredMessage: string = messages.required) {
  return z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().min(1, requiredMessage).regex(/^\d+(\.\d+)?$/, message));
}

/** A whole number from 1 up, given as text or number ("12" or 12), validated as SPEC §5's stock rule. */
export function positiveWholeNumber(message: string, tooHighMessage: string, max: number) {
  return numericText(message)
    .pipe(z.string().regex(/^[1-9]\d*$/, message))
    .transform(Number)
    .pipe(z.number().max(max, tooHighMessage));
}

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function email(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(254, message).regex(emailPattern, message);
}

export const PASSWORD_PATTERN = /^[A-Za-z0-9@#$%&!]{6,}$/;
export const password = z.string({ error: messages.password }).regex(PASSWORD_PATTERN, messages.password);
