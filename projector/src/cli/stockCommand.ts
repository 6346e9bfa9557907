import type { EventLog } from '@toolforge/platform';
import { ledgerAsOf } from './asOf.js';
import type { LogLedger } from './orderAudit.js';
import { EXIT, textTable, type CliIo } from './output.js';

export interface StockOptions {
  /** Just this product. */
  readonly product?: string;
  /** The stock as it stood at this moment (asOf.ts); as the log stands now when left out. */
  readonly asOf?: Date;
  readonly format: 'table' | 'json';
}

/** One product's stock as the log tells it. */
export interface StockLine {
  readonly productId: string;
  /** As last edited; null for a product the log holds orders of but never added. */
  readonly name: string | null;
  readonly onHand: number;
  readonly reserved: number;
  /** On hand less reserved: what a new order may still take. */
  readonly available: number;
}

/**
 * Each product's stock (or one's), read off the ledger's fold (orderAudit.ts, ledgerOf), which keeps
 * the shop's own rule (command-service/src/catalog/product.ts, evolveProduct): on hand is what
 * ProductAdded gave and every StockAdjusted moved since, and no order lowers it; an OrderPlaced
 * reserves its lines' quantities and only an OrderCancelled gives them back, so an order paid,
 * shipped or delivered still holds its lines; available is on hand less reserved. By product id.
 */
export function stockLines(ledger: LogLedger, productId?: string): StockLine[] {
  return [...ledger.products]
    .filter(([id]) => productId === undefined || id === productId)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, product]) => ({
      productId: id,
      name: product.details?.name ?? null,
      onHand: product.stock,
      reserved: product.reserved,
      available: product.stock - product.reserved,
    }));
}

/**
 * `stock`: each product's stock from the log alone, as it stands or as of a moment past; exit 2 for a
 * product the log holds nothing of (then).
 */
export async function stockCommand(log: EventLog, io: CliIo, options: StockOptions): Promise<number> {
  const { asOf, product } = options;
  const ledger = await ledgerAsOf(log, asOf);
  if (product !== undefined && !ledger.products.has(product)) {
    io.err(`toolforge: the log ${asOf ? `held no product ${product} as of ${asOf.toISOString()}` : `holds no product ${product}`}\n`);
    return EXIT.usage;
  }
  io.out(stockReport(options.format, stockLines(ledger, product), asOf));
  return EXIT.ok;
}

/** The stock lines as JSON (`{ asOf, products }`) or a text table under what moment it shows. */
export function stockReport(format: StockOptions['format'], lines: readonly StockLine[], asOf?: Date): string {
  if (format === 'json') return `${JSON.stringify({ asOf: asOf?.toISOString() ?? null, products: lines }, null, 2)}\n`;
  const title = asOf ? `Stock as of ${asOf.toISOString()} (the log's events that occurred at or before it)` : 'Stock as the log stands now';
  return `${title}\n${textTable(
    ['PRODUCT', 'NAME', 'ON HAND', 'RESERVED', 'AVAILABLE'],
    lines.map((line) => [line.productId, line.name ?? '(never added)', String(line.onHand), String(line.reserved), String(line.available)]),
  )}`;
}
