import { z } from 'zod';
import type { OrderDto } from '../api.js';
import type { ApiTag } from '../apiTags.js';
import type { ReviewDto } from '../reviews/reviews.js';

/**
 * A customer's right of access and right to erasure (docs/privacy.md): what the shop's API says of
 * them, and how erasing an account is asked for.
 */

/** How recently the customer must have signed in again for POST /me/erase: the time a person takes to confirm, no more. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** The name shown where an erased customer's name was: their reviews, their orders in the admins' lists. */
export const FORMER_CUSTOMER = 'Former customer';

/**
 * POST /me/erase: the caller's shop token as the bearer, as on every call, and a Firebase ID token of
 * the same account from a sign-in at most RECENT_SIGN_IN_SECONDS old: a session left open on a shared
 * computer cannot erase its account.
 */
export const eraseAccountSchema = z.strictObject({
  idToken: z.string().min(1).max(4096),
});
export type EraseAccountInput = z.input<typeof eraseAccountSchema>;

/** Both sides serve the rights' routes (erasure on the command side, access on the query side): one tag for both. */
export const PRIVACY_TAG: ApiTag = {
  name: 'Privacy',
  description: "A customer's rights over their personal data: a copy of everything the shop holds about them, and erasing their account.",
};

/** Where the API's routes of the rights are. */
export const PRIVACY_PATHS = { erase: '/me/erase', data: '/me/data' } as const;

/** One e-mail the shop sent (or decided to send) to the customer, as their data export lists it. */
export interface SentEmailDto {
  /** Which of the order's e-mails: placed, paid, shipped, delivered, cancelled, refunded. */
  kind: string;
  orderId: string;
  to: string;
  subject: string;
  /** pending, sent, skipped (an unverified address) or failed. */
  state: string;
  decidedAt: string;
  sentAt: string | null;
}

/** GET /me/data: everything the shop holds about the caller, as one JSON document they can keep. */
export interface MyDataResponse {
  /** When the export was made (ISO 8601). */
  exportedAt: string;
  profile: {
    uid: string;
    email: string;
    name: string;
    photoURL: string | null;
    emailVerified: boolean;
    admin: boolean;
  } | null;
  orders: OrderDto[];
  reviews: ReviewDto[];
  emails: SentEmailDto[];
}
