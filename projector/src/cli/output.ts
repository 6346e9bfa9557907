/**
 * What a script can act on: the answer is fine, a problem was found, or the command could not run;
 * 130 (128 + SIGINT, the shells' convention) when the operator stopped a rebuild with Ctrl-C.
 */
export const EXIT = { ok: 0, problemFound: 1, usage: 2, failed: 3, canceled: 130 } as const;

/** Where a command writes: stdout for its answer, stderr for usage and problems. */
export interface CliIo {
  /** Properties, not methods: the tool hands them on as they are (to commander, say). */
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** stderr when it is a terminal: progress is drawn there as a bar; elsewhere it is plain lines on `err`. */
  readonly terminal?: NodeJS.WriteStream;
}

/** A count and its noun, one or many: "1 event", "1,204 events". */
export const counted = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A cell as the terminal may safely print it: any control character (an escape sequence, a line
 * break) in a text the log holds is shown as its \u escape, never sent to the terminal.
 */
export function printable(cell: string): string {
  return cell.replace(CONTROL_CHARACTER, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Rows as a plain text table: a header, then one line per row, columns padded to their widest cell. */
export function textTable(header: readonly string[], rawRows: readonly (readonly string[])[]): string {
  const rows = rawRows.map((row) => row.map(printable));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

/** RFC 4180 CSV: a cell with a comma, quote or line break is quoted, its quotes doubled. */
export function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
