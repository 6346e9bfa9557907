/**
 * Which database errors are about the event itself, so that the projector sets the event aside and
 * goes on: SQLSTATE class 22 (data exception: a NUL in text, a value out of range, bad input syntax)
 * and class 23 (integrity violation: a missing field, a broken constraint). Every other failure (the
 * connection lost, the server shutting down, a serialization failure) would hit any event: the batch
 * is retried, never set aside.
 */
export function refusesTheEvent(error: unknown): boolean {
  const code = sqlStateOf(error);
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/**
 * SQLSTATE 40P01: the database rolled the transaction back to break a deadlock. Nothing the batch
 * did wrong either: applied again, it goes through (SqlProjectionStore).
 */
export function isDeadlock(error: unknown): boolean {
  return sqlStateOf(error) === '40P01';
}

/** The SQLSTATE a driver's error carries (pg and PGlite both name it `code`). */
function sqlStateOf(error: unknown): unknown {
  return (error as { code?: unknown } | null | undefined)?.code;
}

/** The database's words for why it refused an event, as a dead letter keeps them. */
export function describeRefusal(error: unknown): string {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return `${String(message)} (SQLSTATE ${String(code)})`;
}

/** Postgres keeps no NUL in text: it is written as the six characters \u0000, as JSON writes it. */
export function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '\\u0000');
}
