/**
 * The consistency token of docs/architecture.md#4-the-command-side: where an event sits in the log (topic, partition, offset).
 * Commands answer it; queries accept it as X-Read-After and wait until the projector has passed it.
 * Written "topic/partition/offset", e.g. "sales.orders/0/41".
 */
export interface LogPosition {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

const TOKEN = /^([A-Za-z0-9._-]{1,249})\/(\d{1,6})\/(\d{1,15})$/;

export function formatPosition(position: LogPosition): string {
  return `${position.topic}/${position.partition}/${position.offset}`;
}

/** The position a token names, or null if it is not a token. */
export function parsePosition(token: string): LogPosition | null {
  const match = TOKEN.exec(token.trim());
  if (!match) return null;
  return { topic: match[1]!, partition: Number(match[2]), offset: Number(match[3]) };
}
