import { DOCUMENTS_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { documents } from '../documents/feature.js';
import { orders } from '../orders/feature.js';
import { payments } from '../payments/feature.js';
import type { CommandFeature } from '../shared/feature.js';
import { EmailGrounds } from './emailGrounds.js';
import { mailRoutes } from './mailRoutes.js';

/**
 * An order's e-mails on the command side: an admin's resend of one (docs/documents.md). Which
 * e-mail each event owes, and the sending, are the outbox's (projector/src/mail).
 */
export const mail: CommandFeature<Record<string, never>> = {
  name: 'mail',
  writeModel() {
    return { states: {}, parts: [] };
  },
  async serve({ app, handler, need }) {
    const grounds = new EmailGrounds(need(orders).orders, need(documents).documents, need(payments).payments);
    await app.register(documented({ tag: DOCUMENTS_TAG }, mailRoutes), { handler, grounds });
  },
};
