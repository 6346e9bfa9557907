import type { ApiError } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { config } from '../../config';
import { DOCUMENT_NOT_DOWNLOADED } from './documentTexts';

const PDF = 'application/pdf';

function messageOf(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string'
    ? (body as ApiError).message
    : undefined;
}

/**
 * A document's PDF from the query service, with the bearer every order read sends (the order's
 * customer or an admin may read it: docs/documents.md). A refusal throws CommandRefused, the
 * shop's "the server answered no, say its message" (so callWithRetry tries again only when no
 * answer came); an answer that is no PDF (a proxy's page) is never saved as one.
 */
export async function fetchDocument(path: string, bearer: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<Blob> {
  const response = await fetchImpl(`${config.queryApi}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      // No JSON error body: the status says it.
    }
    throw new CommandRefused(messageOf(body) ?? `Request failed with status ${response.status}`, response.status);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith(PDF)) throw new CommandRefused(DOCUMENT_NOT_DOWNLOADED, response.status);
  return new Blob([await response.arrayBuffer()], { type: PDF });
}

/**
 * Saves a file the way a link with `download` does: a plain <a href> to the query service cannot
 * carry the bearer, so the bytes are fetched first and handed to the browser as a Blob URL, which
 * is revoked once the click has handed it over.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has started the download synchronously; revoking on the next turn lets every browser read it first.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
