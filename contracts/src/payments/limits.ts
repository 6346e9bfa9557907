/** The payments' own limits, beside their rules (the spec has none for payments). */
export const PAYMENT_LIMITS = {
  /** Stripe's ids (pi_…, re_…, evt_…) are far shorter; a longer one is no provider's id. */
  providerId: 255,
  /** The provider's explanation of a failed payment, as kept in the log and shown to the customer. */
  failureReason: 500,
  /** An offline payment's reference (a bank transfer's), typed by the admin who marks the order paid. */
  reference: 100,
} as const;
