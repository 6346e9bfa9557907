import type { ReadinessCheck } from '../http/health.js';

/**
 * Whether this process is still the log's single writer. A writer that lost that role (fenced by a
 * newer one, or unsure whether its last commit happened) must not decide another command on its
 * state: it ends, and a supervisor starts a fresh process that reads the log again.
 */
export interface LogWriterStatus {
  /** Null while this process may append; otherwise a short reason why it may not. */
  readonly writerLost: string | null;
  /** Called once, when the role is lost; returns the unsubscribe function. */
  onWriterLost(listener: (reason: string) => void): () => void;
}

/** The embedded log's writer: optimistic concurrency in the database guards it, nothing fences it. */
export const EMBEDDED_WRITER: LogWriterStatus = { writerLost: null, onWriterLost: () => () => undefined };

/** /ready's check that this process is still the writer. */
export function isTheWriter(status: LogWriterStatus): ReadinessCheck {
  return {
    what: 'the event log',
    check: () => Promise.resolve(status.writerLost ? `not the log’s writer: ${status.writerLost}` : undefined),
  };
}
