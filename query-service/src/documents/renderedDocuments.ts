import { ExpiringLru } from '@toolforge/platform/cache';

/** How many rendered documents a query service keeps, and for how long. */
const KEPT_DOCUMENTS = 64;
const KEPT_FOR_MS = 10 * 60_000;

/**
 * The PDFs this process rendered lately, by document number. A document never changes once issued
 * and renders to the same bytes every time (docs/documents.md#the-pdfs), so keeping the bytes
 * answers the same download again without rendering it: a render takes tens of milliseconds of
 * the one thread the embedded shop has, and a customer may ask as often as the query routes' limit
 * allows. Read only after the caller was found to be the order's customer or an admin; bounded in
 * entries and in time (a few megabytes at most).
 */
export class RenderedDocuments {
  private readonly kept = new ExpiringLru<Uint8Array>(KEPT_DOCUMENTS);

  async of(documentNumber: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const kept = this.kept.get(documentNumber);
    if (kept) return kept;
    const rendered = await render();
    this.kept.set(documentNumber, rendered, KEPT_FOR_MS);
    return rendered;
  }
}
