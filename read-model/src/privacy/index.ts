import { readModelFeature } from '../feature.js';
import { sqlPrivacyReader, type PrivacyReader } from './privacyReads.js';

/**
 * A customer's right of access (GET /me/data): reads only, of the accounts' table and of the
 * e-mails' outbox beside the read model; no event, table, write or cache area of its own. Forgetting
 * an erased customer is each feature's own writes, on CustomerForgotten (docs/read-model.md#forgetting-a-customer).
 */
export const privacyReadModel = readModelFeature<never, never, PrivacyReader, Record<never, never>>({
  name: 'privacy',
  events: [],
  project: () => [],
  writes: {},
  tables: { owner: 'the right of access', migrations: [], tables: [] },
  cacheAreas: {},
  reads: sqlPrivacyReader,
});
