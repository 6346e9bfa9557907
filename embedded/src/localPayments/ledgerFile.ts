import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CoalescedRuns, type Logger } from '@toolforge/platform';
import type { IdempotentAnswer } from './idempotency.js';
import type { LedgerSnapshot } from './ledger.js';

/** What the data dir keeps, so that `make start`'s payments outlive a restart of the provider. */
export interface PersistedLedger {
  version: 1;
  ledger: LedgerSnapshot;
  idempotency: IdempotentAnswer[];
}

const FILE = 'ledger.json';

/** The ledger kept in `dataDir`, if any: undefined for a fresh one. A file it cannot read is an error, never a silent empty ledger. */
export async function readLedgerFile(dataDir: string): Promise<PersistedLedger | undefined> {
  let text: string;
  try {
    text = await readFile(join(dataDir, FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const persisted = JSON.parse(text) as Partial<PersistedLedger>;
  if (persisted.version !== 1 || !persisted.ledger || !Array.isArray(persisted.idempotency)) {
    throw new Error(`${join(dataDir, FILE)} is not a ledger of this local payment provider; move it away to start afresh`);
  }
  return persisted as PersistedLedger;
}

/**
 * Writes the ledger to `dataDir` after each change: the whole file, to a temporary file renamed
 * over the old one, so a crash leaves the last complete ledger and never half of one. Changes made
 * while a write is under way are written by one more write after it.
 */
export class LedgerFile {
  private readonly writes: CoalescedRuns;

  constructor(
    private readonly dataDir: string,
    snapshot: () => PersistedLedger,
    logger: Logger,
  ) {
    this.writes = new CoalescedRuns(async () => {
      try {
        await mkdir(this.dataDir, { recursive: true });
        const temporary = join(this.dataDir, `${FILE}.${process.pid}.tmp`);
        await writeFile(temporary, JSON.stringify(snapshot()));
        await rename(temporary, join(this.dataDir, FILE));
      } catch (error) {
        logger.error({ err: error, dataDir: this.dataDir }, 'the local payment provider could not keep its ledger');
      }
    });
  }

  changed(): void {
    this.writes.request();
  }

  /** Resolves once every change so far is written. */
  flush(): Promise<void> {
    return this.writes.settled();
  }
}
