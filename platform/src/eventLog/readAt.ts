/**
 * The offsets a readAt looks for: each once, in order. Anything that cannot be an offset (negative,
 * not a whole number) holds no event, so it is dropped here rather than sent to the store.
 */
export function offsetsToRead(offsets: readonly number[]): number[] {
  const valid = offsets.filter((offset) => Number.isSafeInteger(offset) && offset >= 0);
  return [...new Set(valid)].sort((a, b) => a - b);
}
