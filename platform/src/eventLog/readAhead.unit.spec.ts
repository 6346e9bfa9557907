import { describe, expect, it } from 'vitest';
import { readAhead } from './readAhead.js';

/** A source that records when each page is asked for and when the reader is done with it. */
function recordedPages(count: number, trace: string[], failAt?: number) {
  return {
    ended: false,
    async *[Symbol.asyncIterator]() {
      try {
        for (let page = 1; page <= count; page += 1) {
          trace.push(`fetch ${page}`);
          await Promise.resolve();
          if (page === failAt) throw new Error(`page ${page} failed`);
          yield page;
        }
      } finally {
        this.ended = true;
      }
    },
  };
}

describe('readAhead', () => {
  it('gives every page in order, each fetched while the reader still works on the one before', async () => {
    const trace: string[] = [];
    const seen: number[] = [];
    for await (const page of readAhead(recordedPages(3, trace))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      trace.push(`applied ${page}`);
      seen.push(page);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(trace).toEqual(['fetch 1', 'fetch 2', 'applied 1', 'fetch 3', 'applied 2', 'applied 3']);
  });

  it('ends the source when the reader stops early, and drops the failure of a page nobody takes', async () => {
    const trace: string[] = [];
    const source = recordedPages(5, trace, 2);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      for await (const page of readAhead(source)) {
        expect(page).toBe(1);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(source.ended).toBe(true);
    expect(unhandled).toEqual([]);
  });

  it('passes on the failure of a page the reader goes on to take', async () => {
    const read = async () => {
      for await (const page of readAhead(recordedPages(3, [], 2))) expect(page).toBe(1);
    };
    await expect(read()).rejects.toThrow('page 2 failed');
  });
});
