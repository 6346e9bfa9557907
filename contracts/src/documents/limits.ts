/** The documents' own limits, beside their rules (the spec has none for documents). */
export const DOCUMENT_LIMITS = {
  /** SELLER_NAME: the seller's name as the invoice's header prints it. */
  sellerName: 200,
  /** SELLER_ADDRESS: several lines. */
  sellerAddress: 500,
  /** SELLER_VAT_ID: a VAT (tax) identification number; empty when the seller has none. */
  vatId: 50,
  /** "INV-2026-000001" and a long year's sequence. */
  documentNumber: 30,
} as const;
