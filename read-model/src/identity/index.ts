import { readModelFeature } from '../feature.js';
import { projectUserEvent } from './projection.js';
import { sqlStandingReader } from './standingReads.js';
import { IDENTITY_TABLES } from './tables.js';
import { identityWrites } from './writes.js';

/** The accounts in the read model: who signed in, who is an admin, and when their sessions ended. No answer is cached. */
export const identityReadModel = readModelFeature({
  name: 'identity',
  events: ['UserSignedIn', 'UserSignedOut', 'AdminGranted', 'AdminRevoked', 'CustomerForgotten'],
  project: projectUserEvent,
  writes: identityWrites,
  tables: IDENTITY_TABLES,
  cacheAreas: {},
  reads: sqlStandingReader,
});
