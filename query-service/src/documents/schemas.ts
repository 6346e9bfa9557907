import { z } from 'zod';
import { orderIdParamsSchema } from '@toolforge/contracts';

/** The most credit notes of one order a path may name: the shop issues one per cancelled invoice; this only bounds what a caller may ask. */
export const MOST_CREDIT_NOTES = 999;

/** What a bad credit note's place is answered with (400). */
export const CREDIT_NOTE_PLACE_MESSAGE = `The credit note is named by its place among the order's, a whole number from 1 to ${MOST_CREDIT_NOTES}`;

/**
 * GET /orders/:id/credit-notes/:n.pdf's path: the order's id, and the credit note's place as
 * creditNotePath writes it (one to three digits, no sign, no leading zero, no exponent: up to
 * MOST_CREDIT_NOTES), so that one credit note has one address.
 */
export const creditNoteParamsSchema = orderIdParamsSchema.extend({
  n: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, CREDIT_NOTE_PLACE_MESSAGE)
    .transform(Number),
});

/**
 * A document's answer as the API description shows it: a PDF, not JSON (OpenAPI 3.1 names binary
 * content by its media type). Never used to serialise: the route sends the PDF's bytes as they are.
 */
export function pdfAnswer(description: string) {
  return { description, content: { 'application/pdf': { schema: z.string().meta({ contentMediaType: 'application/pdf' }) } } };
}
