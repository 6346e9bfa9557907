import type { MailEvent } from '@toolforge/contracts';
import { readModelFeature } from '../feature.js';
import type { OrderWrite } from '../orders/writes.js';
import { projectMailEvent } from './projection.js';

/** The order e-mails in the read model: their events' projection only; no table, write, read or cache area of their own. */
export const mailReadModel = readModelFeature<MailEvent, never, Record<never, never>, Record<never, never>, OrderWrite>({
  name: 'mail',
  events: ['OrderEmailResendRequested'],
  project: projectMailEvent,
  writes: {},
  tables: { owner: 'the order e-mails', migrations: [], tables: [] },
  cacheAreas: {},
  reads: () => ({}),
});
