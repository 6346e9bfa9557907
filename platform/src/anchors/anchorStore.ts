import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SignedAnchor } from './anchors.js';

/** The file of the anchors folder that holds them, one JSON object a line, in the order signed. */
export const ANCHORS_FILE = 'anchors.jsonl';

/** A line of the anchors file that is no anchor: where, and what it holds. */
export interface UnreadableAnchor {
  readonly line: number;
  readonly text: string;
}

/**
 * The anchors, in a folder the operator names (AUDIT_ANCHORS), outside the log: appended to one
 * file, each flushed to disk before the next. Production keeps the folder on storage the log's
 * hosts cannot rewrite (docs/audit-trail.md#where-to-keep-the-anchors).
 */
export class FolderAnchorStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {}

  /** Adds anchors after those already there, one at a time in the order given. */
  add(anchors: readonly SignedAnchor[]): Promise<void> {
    const added = this.queue.then(() => this.write(anchors));
    this.queue = added.catch(() => undefined);
    return added;
  }

  private async write(anchors: readonly SignedAnchor[]): Promise<void> {
    if (anchors.length === 0) return;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = await open(join(this.dir, ANCHORS_FILE), 'a', 0o600);
    try {
      await file.appendFile(anchors.map((anchor) => `${JSON.stringify(anchor)}\n`).join(''));
      await file.sync();
    } finally {
      await file.close();
    }
  }

  /** Every anchor of the folder, and the lines that hold none (an edit the verifier reports). */
  async read(): Promise<{ anchors: SignedAnchor[]; unreadable: UnreadableAnchor[] }> {
    let text: string;
    try {
      text = await readFile(join(this.dir, ANCHORS_FILE), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { anchors: [], unreadable: [] };
      throw error;
    }
    const anchors: SignedAnchor[] = [];
    const unreadable: UnreadableAnchor[] = [];
    text.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      const anchor = anchorOf(line);
      if (anchor) anchors.push(anchor);
      else unreadable.push({ line: index + 1, text: line.slice(0, 200) });
    });
    return { anchors, unreadable };
  }
}

function anchorOf(line: string): SignedAnchor | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const a = value as Record<string, unknown>;
  const texts = ['log', 'topic', 'hash', 'signedAt', 'signature'].every((field) => typeof a[field] === 'string');
  const numbers = Number.isInteger(a.partition) && Number.isInteger(a.offset);
  return texts && numbers && (a.kind === 'genesis' || a.kind === 'checkpoint') ? (value as SignedAnchor) : undefined;
}
