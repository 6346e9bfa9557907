import { z } from 'zod';
import { LIMITS } from './constants.js';
import { isPlainText } from './schemas/fields.js';

/**
 * The fields events' data schemas are made of (eventSchemas.ts says what the schemas guard). The
 * bounds are the inputs' own limits or wider: a decided event is never refused for a value its
 * command accepted.
 */

/** One line of plain text, at most `max` characters (multiline: line breaks and tabs allowed). */
export const text = (max: number, multiline = false) =>
  z
    .string()
    .max(max)
    .refine((value) => isPlainText(value, multiline), 'holds a character no shop text may hold');
export const id = (max: number = LIMITS.productId) => text(max).min(1);
/** A whole number of cents or of items. */
export const whole = z.number().int().safe();
export const count = whole.min(0);
export const positive = whole.min(1);

/** The widest name a customer may carry into an event: a display name, or an e-mail's local part. */
export const personName = text(LIMITS.email);
export const email = text(LIMITS.email);
export const reason = text(LIMITS.reason, true);
