import { join, resolve } from 'node:path';

/** Where the master key is, and how long issued invoices keep their buyer after an erasure (docs/privacy.md). */
export interface PrivacySettings {
  /** PRIVACY_MASTER_KEY: the file of the key that wraps the customers' data keys; made by the writer on its first start. */
  readonly masterKeyFile: string;
  /** INVOICE_RETENTION_YEARS: how many years after the end of an erasure's year the buyer of its invoices stays readable. */
  readonly invoiceRetentionYears: number;
}

/** Ten years: what German and French commercial law ask of invoices (HGB §257, AO §147; Code de commerce L123-22). */
export const INVOICE_RETENTION_DEFAULT = 10;

export function privacySettings(env: NodeJS.ProcessEnv, dataDir: string, problem: (message: string) => Error): PrivacySettings {
  const years = env.INVOICE_RETENTION_YEARS?.trim();
  const retention = years ? (/^\d{1,2}$/.test(years) ? Number(years) : NaN) : INVOICE_RETENTION_DEFAULT;
  if (!(retention >= 0 && retention <= 30)) throw problem(`INVOICE_RETENTION_YEARS should be a whole number from 0 to 30, not "${years}"`);
  return {
    masterKeyFile: resolve(env.PRIVACY_MASTER_KEY?.trim() || join(dataDir, 'privacy-master-key')),
    invoiceRetentionYears: retention,
  };
}

/** When an erasure made at `erasedAt` lets the buyer of the customer's invoices go: the end of the year, plus the retention. */
export function invoicesKeptUntil(erasedAt: Date, years: number): Date | null {
  if (years === 0) return null;
  return new Date(Date.UTC(erasedAt.getUTCFullYear() + years + 1, 0, 1));
}
