/**
 * The pages of a read, each asked for while the caller is still working on the one before: when the
 * log is another process (Kafka) and so is the database the caller writes to, fetching and decoding
 * the next page overlaps with applying this one, and both cores work. At most one page is held
 * ahead. A read the caller ends early (break) is ended too, and a failure of the page nobody will
 * take is dropped instead of surfacing as an unhandled rejection.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pages = source[Symbol.asyncIterator]();
  let next = pages.next();
  let finished = false;
  try {
    for (;;) {
      const current = await next;
      if (current.done) {
        finished = true;
        return;
      }
      next = pages.next();
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    if (!finished) await pages.return?.();
  }
}
