export { renderInvoice, renderCreditNote } from './pdf/render.js';
export { composeOrderEmail, type OrderEmailFacts, type ComposedEmail, type EmailLine } from './email/compose.js';
