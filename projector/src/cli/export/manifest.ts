import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { LogIdentity } from '@toolforge/platform/sql';
import type { DayFile } from './dayFiles.js';
import type { ExportFormat } from './exportEvents.js';
import type { RowlessEvent } from './eventRow.js';

/** The manifest's name in the export's folder. */
export const MANIFEST = 'manifest.json';

/** A file as the manifest lists it: what it holds, and its bytes' size and SHA-256 (hex), to check it by. */
export interface ManifestFile extends DayFile {
  readonly bytes: number;
  readonly sha256: string;
}

/** `manifest.json`: what was exported, from which log, and each file (docs/operators.md, "Export for analysts"). */
export interface ExportManifest {
  /** The range of meta.occurredAt, from included, to left out; null: the log's start, or its end. */
  readonly from: string | null;
  readonly to: string | null;
  readonly format: ExportFormat;
  readonly withPersonalData: boolean;
  /** What became of the personal data, in words. */
  readonly personalData: string;
  /** The log, and where each of its partitions ended when the export read it: the export holds nothing past those ends. */
  readonly log: LogIdentity;
  readonly exportedAt: string;
  readonly columns: readonly string[];
  /** By topic, then day. */
  readonly files: readonly ManifestFile[];
  readonly totals: { readonly files: number; readonly events: number; readonly bytes: number };
  /** Records of the log in no file: they hold no event, or no time to file it under. */
  readonly notExported: readonly RowlessEvent[];
}

/** The file's size and the SHA-256 of its bytes, read as a stream. */
export async function digestOf(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

export function personalDataNote(withPersonalData: boolean): string {
  return withPersonalData
    ? 'kept: data holds the events as the log does (--with-personal-data)'
    : 'left out: every personal field of data (contracts/src/personalData.ts) is null, its key kept; ' +
        'an event this build cannot read has null data';
}
