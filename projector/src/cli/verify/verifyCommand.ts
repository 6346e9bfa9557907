import type { KeyObject } from 'node:crypto';
import {
  FolderAnchorStore,
  SigningKeyError,
  parsePublicKey,
  publicKeyText,
  readKey,
  type AnchorSettings,
} from '@toolforge/platform/anchors';
import { ConfigError, readConfig, type ReadAllOptions } from '@toolforge/platform';
import type { StartingPoint } from '../arguments.js';
import { EXIT, printable, textTable, type CliIo } from '../output.js';
import type { ShopSource } from '../shopConnection.js';
import { ChainCheck, type ChainProblem, type PartitionVerified } from './chainCheck.js';

export interface AuditVerifyOptions {
  readonly from?: StartingPoint;
  /** --public-key: the key the anchors must be signed with, as `toolforge status` printed it. */
  readonly publicKey?: string;
  /** Minutes an event may wait for its anchor before it counts as unanchored. */
  readonly graceMinutes: number;
  readonly format: 'text' | 'json';
}

/** How many minutes an event may wait for its anchor before it counts as unanchored, unless told. */
export const DEFAULT_GRACE_MINUTES = 5;

/** Where the key and anchors come from: the shop's AUDIT_* settings, and AUDIT_PUBLIC_KEY. */
export interface VerifySettings {
  readonly anchors: AnchorSettings;
  readonly publicKey: string | undefined;
}

/** The key to check the anchors with could not be found: a usage problem (exit 2). */
export class NoPublicKey extends ConfigError {}

export function verifySettingsOf(env: NodeJS.ProcessEnv): VerifySettings {
  return { anchors: readConfig(env).anchors, publicKey: env.AUDIT_PUBLIC_KEY?.trim() || undefined };
}

/** The key the writer signs with, as `toolforge status` prints it; null before the writer first started. */
export async function auditKeyText(settings: VerifySettings): Promise<string | null> {
  try {
    return publicKeyText(await publicKeyOf(settings, undefined));
  } catch (error) {
    if (error instanceof NoPublicKey) return null;
    throw error;
  }
}

/**
 * `audit verify`: recomputes every partition's hash chain from the log as written and checks it
 * against the signed anchors (docs/audit-trail.md); exit 1 naming each problem's position.
 */
export async function auditVerifyCommand(
  shop: ShopSource,
  io: CliIo,
  settings: VerifySettings,
  options: AuditVerifyOptions,
): Promise<number> {
  const report = await verifyLog(shop, settings, options);
  io.out(options.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : verifyText(report));
  return report.problems.length === 0 ? EXIT.ok : EXIT.problemFound;
}

/**
 * The check `audit verify` prints and the console's "Verify the log" answers: one read of the log
 * as written (from `from` on), each partition's chain recomputed and met with the anchors.
 */
export async function verifyLog(
  shop: ShopSource,
  settings: VerifySettings,
  options: Pick<AuditVerifyOptions, 'from' | 'publicKey' | 'graceMinutes'>,
): Promise<VerifyReport> {
  const key = await publicKeyOf(settings, options.publicKey);
  const { anchors, unreadable } = await new FolderAnchorStore(settings.anchors.dir).read();
  const { logId } = await shop.log.identify();
  const start = options.from && 'position' in options.from ? options.from.position : undefined;
  const since = options.from && 'at' in options.from ? options.from.at.getTime() : undefined;
  const check = new ChainCheck(logId, anchors, unreadable, key, options.from !== undefined);
  const reading: ReadAllOptions = {
    asWritten: true,
    // Pages as large as a rebuild reads: fewer statements for the log to run (docs/event-log.md#one-way-to-read).
    pageSize: 2000,
    ...(start && {
      topics: [start.topic as never],
      partitions: (_topic, partition) => partition === start.partition,
      from: () => start.offset,
    }),
  };
  const began = performance.now();
  const started = new Set<string>();
  for await (const page of shop.log.readAll(reading)) {
    if (since === undefined) {
      check.page(page);
      continue;
    }
    // From a time: each partition from its first event at or after it.
    const key = `${page.topic}/${page.partition}`;
    const first = started.has(key) ? 0 : page.events.findIndex((event) => Date.parse(event.meta?.occurredAt ?? '') >= since);
    if (first === -1) continue;
    started.add(key);
    check.page({ ...page, events: page.events.slice(first) });
  }
  const seconds = (performance.now() - began) / 1000;
  const partitions = check.finish(Date.now(), options.graceMinutes * 60_000);
  return {
    log: shop.logDescription,
    anchors: settings.anchors.dir,
    publicKey: publicKeyText(key),
    anchorsOfThisLog: anchors.filter((anchor) => anchor.log === logId).length,
    events: partitions.reduce((sum, p) => sum + p.events, 0),
    seconds: Math.round(seconds * 1000) / 1000,
    partitions,
    problems: check.problems,
  };
}

export interface VerifyReport {
  readonly log: string;
  readonly anchors: string;
  readonly publicKey: string;
  readonly anchorsOfThisLog: number;
  readonly events: number;
  readonly seconds: number;
  readonly partitions: readonly PartitionVerified[];
  readonly problems: readonly ChainProblem[];
}

async function publicKeyOf(settings: VerifySettings, given: string | undefined): Promise<KeyObject> {
  const text = given ?? settings.publicKey;
  if (text !== undefined) {
    const key = parsePublicKey(text.trim());
    if (!key) throw new NoPublicKey(`"${printable(text.slice(0, 80))}" is not a public key as toolforge status prints it (ed25519:…)`);
    return key;
  }
  const own = await readKey(settings.anchors.signingKeyFile).catch((error: unknown) => {
    throw error instanceof SigningKeyError ? new NoPublicKey(error.message) : error;
  });
  if (!own)
    throw new NoPublicKey(
      `no key to check the anchors with: pass --public-key or set AUDIT_PUBLIC_KEY (toolforge status prints it), or AUDIT_SIGNING_KEY (${settings.anchors.signingKeyFile} does not exist)`,
    );
  return own;
}

function verifyText(report: VerifyReport): string {
  const rate = report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events;
  const position = (p: { topic: string; partition: number; offset: number } | null) =>
    p ? `${p.topic}/${p.partition}/${p.offset}` : '(anchors)';
  const lines = [
    `Log:        ${report.log}`,
    `Anchors:    ${report.anchors} (${report.anchorsOfThisLog} of this log)`,
    `Key:        ${report.publicKey}`,
    `Verified:   ${report.events.toLocaleString('en')} events in ${report.seconds} s (${rate.toLocaleString('en')} events/s)`,
    '',
    textTable(
      ['topic', 'partition', 'events', 'before the chain', 'anchors met', 'anchored up to', 'last offset'],
      report.partitions.map((p) => [
        p.topic,
        String(p.partition),
        String(p.events),
        String(p.unchained),
        String(p.anchorsChecked),
        p.anchoredUpTo === null ? '-' : String(p.anchoredUpTo),
        p.lastOffset === null ? '-' : String(p.lastOffset),
      ]),
    ).trimEnd(),
    '',
    report.problems.length === 0
      ? 'No problem: every event is as the writer hashed it, in its place, and the log meets every anchor.'
      : textTable(
          ['position', 'problem', 'detail'],
          report.problems.map((problem) => [position(problem.position), problem.kind, problem.detail]),
        ).trimEnd(),
  ];
  return `${lines.join('\n')}\n`;
}
