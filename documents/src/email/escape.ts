/**
 * HTML escaping for the e-mails: every value a customer or an admin typed (a product's name, an
 * address, a reason) is text in the page, never markup (docs/security.md). Escapes the five
 * characters that matter in element content and in quoted attribute values.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
