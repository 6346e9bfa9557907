import { describe, expect, it } from 'vitest';
import type { DeadLetter } from '@toolforge/platform/sql';
import { reportDeadLetters } from './deadLetterReport.js';

const letter: DeadLetter = {
  topic: 'catalog.products',
  partition: 0,
  offset: 7,
  type: 'ProductAdded',
  event: '{}',
  error: 'invalid byte sequence for encoding "UTF8": 0x00 (SQLSTATE 22021)',
  deadAt: '2026-11-23T10:00:00.000Z',
};

function logged() {
  const lines: { details: object; message: string }[] = [];
  return { lines, logger: { error: (details: object, message: string) => lines.push({ details, message }) } };
}

describe('the dead-letter status line at start', () => {
  it('says how many events are set aside, and the newest', async () => {
    const { lines, logger } = logged();
    const count = await reportDeadLetters(
      { deadLetterCount: () => Promise.resolve(3), deadLetters: () => Promise.resolve([letter]) },
      logger,
    );
    expect(count).toBe(3);
    expect(lines).toEqual([
      {
        details: {
          deadLetters: 3,
          newest: { topic: 'catalog.products', partition: 0, offset: 7, type: 'ProductAdded', error: letter.error },
        },
        message: expect.stringMatching(/^3 event\(s\) are set aside in projection_dead_letters/),
      },
    ]);
  });

  it('says nothing when none are', async () => {
    const { lines, logger } = logged();
    expect(await reportDeadLetters({ deadLetterCount: () => Promise.resolve(0), deadLetters: () => Promise.resolve([]) }, logger)).toBe(0);
    expect(lines).toEqual([]);
  });
});
