import { writeFile } from 'node:fs/promises';
import { ledgerAsOf } from './asOf.js';
import { auditReport, type ReadModelCheck } from './auditReport.js';
import { checkReadModel } from './consistency.js';
import { auditOrders, type LogLedger, type OrdersAudit } from './orderAudit.js';
import { EXIT, type CliIo } from './output.js';
import { CannotConnect, type ShopSource } from './shopConnection.js';

export interface AuditOrdersOptions {
  readonly from?: Date;
  readonly to?: Date;
  readonly user?: string;
  readonly product?: string;
  /** `audit order <orderId>`: that order's history from the log, and its row checked against it. */
  readonly orderId?: string;
  /** The log as it stood at this moment (asOf.ts): the read model, which holds now, is not checked. */
  readonly asOf?: Date;
  readonly format: 'table' | 'json' | 'csv';
  readonly out?: string;
}

/**
 * `audit orders`: the log's account of the orders, their own sums checked, then the read model
 * checked against it; 1 on a sum that does not add up or any disagreement. With `asOf`, the log's
 * account as it stood then, and no read model.
 */
export async function auditOrdersCommand(shop: ShopSource, io: CliIo, options: AuditOrdersOptions): Promise<number> {
  const { asOf } = options;
  const audited = await auditOfOrders(shop, options);
  if (!audited) {
    // As of a moment, an order placed later was not yet in the log.
    const none = asOf ? `held no order ${options.orderId} as of ${asOf.toISOString()}` : `holds no order ${options.orderId}`;
    io.err(`toolforge: the log ${none}\n`);
    return EXIT.usage;
  }
  const { audit, ledger, check } = audited;
  const report = auditReport(options.format, audit, ledger, check);
  if (options.out) await writeFile(options.out, report);
  else io.out(report);
  const disagreements = 'asOf' in check ? 0 : check.disagreements.length;
  return audit.sums.wrong.length === 0 && disagreements === 0 ? EXIT.ok : EXIT.problemFound;
}

/** The audit's three parts: the orders in range, the log's ledger they come from, and the read model checked against it. */
export interface OrdersAuditResult {
  readonly audit: OrdersAudit;
  readonly ledger: LogLedger;
  readonly check: ReadModelCheck;
}

/**
 * The audit `audit orders` prints and the console's order audit answers: the log folded into its
 * ledger (one read of the whole log), the orders in range with their sums checked, and the read
 * model checked against the ledger unless as of a moment. Undefined for an `orderId` the log does
 * not hold (then).
 */
export async function auditOfOrders(
  shop: ShopSource,
  options: Pick<AuditOrdersOptions, 'from' | 'to' | 'user' | 'product' | 'orderId' | 'asOf'>,
): Promise<OrdersAuditResult | undefined> {
  const { asOf } = options;
  if (!asOf && !shop.readModel) throw new CannotConnect('the audit needs the read model: set DATABASE_URL');
  const ledger = await ledgerAsOf(shop.log, asOf);
  if (options.orderId !== undefined && !ledger.orders.has(options.orderId)) return undefined;
  const audit = auditOrders(ledger, options);
  const check: ReadModelCheck = asOf ? { asOf } : await checkReadModel(shop.readModel!, ledger, options);
  return { audit, ledger, check };
}
