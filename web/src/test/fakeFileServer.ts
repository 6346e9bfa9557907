import { afterEach, expect, vi } from 'vitest';
import { fakeQueryServer, type SeenRequest } from './fakeQueryServer';

/** What the browser was handed to save: each click of a download link, with the Blob its URL stood for. */
export interface SavedFile {
  fileName: string;
  blob: Blob;
}

/**
 * The query service's JSON reads (fakeQueryServer), and its files to save at `files` (path → the
 * answer), each request remembered with its headers; the browser's saving (Blob URLs, a link's
 * click) recorded. A spec that calls it also calls `restoresBlobUrls()` once.
 */
export function fakeFileServer(routes: Record<string, unknown>, files: Record<string, () => Response | Promise<Response>>) {
  const server = fakeQueryServer(routes);
  const fileRequests: SeenRequest[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const file = files[path];
    if (!file) return server.fetchSpy(input, init);
    fileRequests.push({ path, headers: Object.fromEntries(request.headers.entries()) });
    // As fetch does, whatever goes wrong is a rejection.
    return new Promise<Response>((resolve) => resolve(file()));
  });
  const blobs = new Map<string, Blob>();
  const saved: SavedFile[] = [];
  const revoked: string[] = [];
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:http://shop.test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    // Still in the page when clicked (Firefox saves nothing from a link outside the document).
    expect(this.isConnected).toBe(true);
    saved.push({ fileName: this.download, blob: blobs.get(this.href)! });
  });
  return { fileRequests, saved, revoked };
}

/** A refusal of the query service, as its error body says it. */
export const refusal = (status: number, message: string) => () =>
  new Response(JSON.stringify({ statusCode: status, error: 'Refused', message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** jsdom has no Blob URLs: each test that saves puts its own in, and after it the URL class is given back as it was. */
export function restoresBlobUrls() {
  const blobUrlFunctions = ['createObjectURL', 'revokeObjectURL'] as const;
  const originals = blobUrlFunctions.map((name) => Object.getOwnPropertyDescriptor(URL, name));
  afterEach(() => {
    blobUrlFunctions.forEach((name, index) => {
      const original = originals[index];
      if (original) Object.defineProperty(URL, name, original);
      else Reflect.deleteProperty(URL, name);
    });
    vi.restoreAllMocks();
  });
}
