import type { SagaIterator } from 'redux-saga';
import { call, select } from 'redux-saga/effects';
import type { ApiError, Topic } from '@toolforge/contracts';
import type { ShopDeps } from '../app/deps';
import { config } from '../config';
import { selectAccessToken } from '../features/auth/selectors';
import { NETWORK_RETRIES, NETWORK_RETRY_DELAY_MS, callWithRetry } from './callWithRetry';
import { CommandRefused } from './commandClient';
import { readAfterHeader } from './shopApi';

/** A file of the query service to save: an order's PDF, the customer's data. */
export interface FileDownload {
  path: string;
  /** The name the browser saves it under. */
  fileName: string;
  /** Its media type: an answer of another type (a proxy's page) is never saved as this file. */
  type: string;
  /** What to say when the answer is of another type. */
  notThatType: string;
  /** The topics it shows: it waits for the user's own writes of them, as the reads do. */
  topics?: readonly Topic[];
}

function messageOf(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string'
    ? (body as ApiError).message
    : undefined;
}

/**
 * A file from the query service, read with `headers` (the bearer every read sends). A refusal
 * throws CommandRefused, the shop's "the server answered no, say its message" (so callWithRetry
 * tries again only when no answer came).
 */
export async function fetchFile(
  download: FileDownload,
  headers: Record<string, string>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<Blob> {
  const response = await fetchImpl(`${config.queryApi}${download.path}`, { headers });
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
  if (!type.toLowerCase().startsWith(download.type)) throw new CommandRefused(download.notThatType, response.status);
  return new Blob([await response.arrayBuffer()], { type: download.type });
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

/**
 * Reads the file with the user's bearer (again when the network lost the answer: a read is safe to
 * repeat) and hands it to the browser to save. Throws what the server or the network said: the
 * caller tells the user in its own place.
 */
export function* saveDownload(deps: ShopDeps, download: FileDownload): SagaIterator {
  const bearer: string | null = yield select(selectAccessToken);
  const readAfter: Record<string, string> = yield select(readAfterHeader, download.topics ?? []);
  const headers = { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...readAfter };
  const file: Blob = yield* callWithRetry(() => fetchFile(download, headers), NETWORK_RETRIES, deps.retryDelayMs ?? NETWORK_RETRY_DELAY_MS);
  yield call(saveFile, file, download.fileName);
}
