import { SingleBar } from 'cli-progress';
import type { CliIo } from './output.js';

/** How far a long command has got: positions of the log done of a total, events applied so far. */
export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly events: number;
}

export interface ProgressDisplay {
  update(progress: Progress): void;
  /** The last state, drawn or printed once more, and the terminal's line given back. */
  finish(): void;
}

/** Plain progress lines at most this often when stderr is not a terminal (a log file, CI). */
export const PLAIN_LINE_INTERVAL_MS = 2000;

/**
 * A progress bar with events/s and ETA on a terminal (cli-progress), plain lines on `err`
 * otherwise, so that a log file gets a readable line every couple of seconds instead of a redraw
 * per batch.
 */
export function progressDisplay(io: CliIo, label: string, now: () => number = Date.now): ProgressDisplay {
  const started = now();
  let last: Progress = { done: 0, total: 0, events: 0 };
  const rate = (events: number) => Math.round(events / Math.max((now() - started) / 1000, 0.001));
  if (io.terminal) {
    const bar = new SingleBar({
      stream: io.terminal,
      format: `${label} [{bar}] {percentage}% | {value}/{total} positions | {rate} events/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
    });
    bar.start(1, 0, { rate: 0 });
    return {
      update(progress) {
        last = progress;
        bar.setTotal(Math.max(progress.total, 1));
        bar.update(progress.done, { rate: rate(progress.events) });
      },
      finish: () => bar.stop(),
    };
  }
  let printedAt = Number.NEGATIVE_INFINITY;
  const print = () => {
    printedAt = now();
    const percent = last.total === 0 ? 100 : Math.floor((100 * last.done) / last.total);
    io.err(`${label}: ${last.done}/${last.total} positions (${percent}%), ${last.events} events, ${rate(last.events)} events/s\n`);
  };
  return {
    update(progress) {
      last = progress;
      if (now() - printedAt >= PLAIN_LINE_INTERVAL_MS) print();
    },
    finish: print,
  };
}
