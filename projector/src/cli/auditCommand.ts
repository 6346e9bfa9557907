import { writeFile } from 'node:fs/promises';
import { TOPICS } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { auditReport } from './auditReport.js';
import { checkReadModel } from './consistency.js';
import { auditOrders, ledgerOf } from './orderAudit.js';
import { EXIT, type CliIo } from './output.js';
import { CannotConnect, type ShopConnection } from './shopConnection.js';

export interface AuditOrdersOptions {
  readonly from?: Date;
  readonly to?: Date;
  readonly user?: string;
  readonly product?: string;
  /** `audit order <orderId>`: that order's history from the log, and its row checked against it. */
  readonly orderId?: string;
  readonly format: 'table' | 'json' | 'csv';
  readonly out?: string;
}

/**
 * `audit orders`: the log's account of the orders, their own sums checked, then the read model
 * checked against it; 1 on a sum that does not add up or any disagreement.
 */
export async function auditOrdersCommand(shop: ShopConnection, io: CliIo, options: AuditOrdersOptions): Promise<number> {
  if (!shop.readModel) throw new CannotConnect('the audit needs the read model: set DATABASE_URL');
  const events: StoredEvent[] = [];
  for await (const page of shop.log.readAll({ topics: [TOPICS.products, TOPICS.orders] })) {
    events.push(...page.events);
  }
  const ledger = ledgerOf(events);
  if (options.orderId !== undefined && !ledger.orders.has(options.orderId)) {
    io.err(`toolforge: the log holds no order ${options.orderId}\n`);
    return EXIT.usage;
  }
  const audit = auditOrders(ledger, options);
  const check = await checkReadModel(shop.readModel, ledger, options);
  const report = auditReport(options.format, audit, ledger, check);
  if (options.out) await writeFile(options.out, report);
  else io.out(report);
  return audit.sums.wrong.length === 0 && check.disagreements.length === 0 ? EXIT.ok : EXIT.problemFound;
}
