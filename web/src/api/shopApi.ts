import { createApi, fetchBaseQuery, type EndpointDefinitions, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';
import { READ_AFTER_HEADER, type Topic } from '@toolforge/contracts';
import { config } from '../config';
import type { RootState } from '../app/store';

/**
 * What the reads are tagged with, so that a command that changes them has them loaded again. Each
 * feature adds the tags of its own reads to this interface, beside those reads, with
 * `declare module '../../api/shopApi' { interface ShopTags { Product: true } }`, so that a misspelt
 * tag does not compile, and hands them to `injectReads`, which adds them to the API.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each feature adds its own tags
export interface ShopTags {}
export type ShopTag = Extract<keyof ShopTags, string>;

/** Which topics each read shows, by endpoint: filled by `injectReads` as each feature injects its reads. */
const topicsOfEndpoint = new Map<string, readonly Topic[]>();

/**
 * The X-Read-After header of a read that shows `topics`: the user's newest position of each, so the
 * query service answers once it has them; none when the user wrote to none of them.
 */
export function readAfterHeader(state: RootState, topics: readonly Topic[]): Record<string, string> {
  // The query service takes several positions, comma-separated, and waits for each.
  const readAfter = topics.flatMap((topic) => state.readAfter.positions[topic] ?? []);
  return readAfter.length > 0 ? { [READ_AFTER_HEADER]: readAfter.join(',') } : {};
}

/**
 * Every read of the query service (docs/architecture.md#1-shape): cached, tagged, refetched when a command changes them.
 * Empty here: each feature injects its own reads with `injectReads`.
 */
export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery: fetchBaseQuery({
    baseUrl: config.queryApi,
    prepareHeaders(headers, { getState, endpoint }) {
      const state = getState() as RootState;
      const accessToken = state.auth.session?.accessToken;
      if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
      for (const [name, value] of Object.entries(readAfterHeader(state, topicsOfEndpoint.get(endpoint) ?? []))) headers.set(name, value);
      return headers;
    },
  }),
  tagTypes: [] as ShopTag[],
  endpoints: () => ({}),
});

/** What a feature builds its reads with: the shop's base query and tags. */
type ShopBuilder = Parameters<Parameters<typeof shopApi.injectEndpoints>[0]['endpoints']>[0];

/**
 * Injects a feature's reads into the shop's API, each with the topics it shows, so it waits for the
 * user's own writes of those topics (sent as X-Read-After), and the tags they provide. Every read names
 * its topics and only its reads are named: a missing or misspelt one does not compile.
 */
export function injectReads<Definitions extends EndpointDefinitions>(
  endpoints: (build: ShopBuilder) => Definitions,
  topics: { readonly [Name in keyof Definitions]: readonly Topic[] },
  tags: readonly ShopTag[],
) {
  for (const [name, shown] of Object.entries<readonly Topic[]>(topics)) topicsOfEndpoint.set(name, shown);
  return shopApi.enhanceEndpoints({ addTagTypes: tags }).injectEndpoints({ endpoints });
}

/** The message to show for a failed read: the server's own text when it sent one. */
export function readErrorText(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error) return '';
  if ('status' in error) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string') return data.message;
    if (typeof error.status === 'number') return `Request failed with status ${error.status}`;
    // FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR, CUSTOM_ERROR all carry a text.
    return error.error;
  }
  return error.message ?? 'Request failed';
}
