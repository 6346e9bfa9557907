/**
 * Seeds an embedded data dir in a thread of its own (embeddedStack.ts, seedEmbeddedHistory): the
 * embedded log is PGlite, which works on the thread that opens it, so the seeding can go on while
 * the bench's own thread drives the services stack's seeding and start.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readConfig } from '@toolforge/platform';
import { openEventLog } from '@toolforge/platform/openEventLog';
import { seedShopHistory, type HistorySize, type SeededHistory } from './seed.js';

export interface SeedRequest {
  readonly env: NodeJS.ProcessEnv;
  readonly size: HistorySize;
}

/** What the thread tells the bench: a progress line, then the history seeded. */
export type SeedMessage = { readonly line: string } | { readonly seeded: SeededHistory };

const { env, size } = workerData as SeedRequest;
const tell = (message: SeedMessage) => parentPort!.postMessage(message);
// The shop's own opener: it takes the data dir's lock, as the shop will after it.
const opened = await openEventLog(readConfig(env), { clientId: 'toolforge-bench-seed', writer: true });
try {
  tell({ seeded: await seedShopHistory(opened.log, size, (line) => tell({ line })) });
} finally {
  await opened.close();
}
