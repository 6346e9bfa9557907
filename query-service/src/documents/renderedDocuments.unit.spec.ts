import { describe, expect, it, vi } from 'vitest';
import { RenderedDocuments } from './renderedDocuments.js';

describe('the documents a query service rendered lately', () => {
  it('renders a document once and answers the same bytes again', async () => {
    const documents = new RenderedDocuments();
    const render = vi.fn(() => Promise.resolve(new Uint8Array([37, 80, 68, 70])));
    const first = await documents.of('INV-2026-000001', render);
    const again = await documents.of('INV-2026-000001', render);
    expect(again).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders each number of its own, and again after a failed render', async () => {
    const documents = new RenderedDocuments();
    await expect(documents.of('INV-2026-000002', () => Promise.reject(new Error('no font')))).rejects.toThrow('no font');
    const invoice = await documents.of('INV-2026-000002', () => Promise.resolve(new Uint8Array([1])));
    const creditNote = await documents.of('CN-2026-000001', () => Promise.resolve(new Uint8Array([2])));
    expect([...invoice, ...creditNote]).toEqual([1, 2]);
  });
});
