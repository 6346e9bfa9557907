import { describe, expect, it } from 'vitest';
import { LIMITS } from '@toolforge/contracts';
import {
  HOSTILE_LENGTH,
  HOSTILE_PARSE_GOAL_MS,
  REQUEST_PARTS,
  hostileInputFigure,
  hostileTexts,
  slowestParse,
  type RequestPart,
} from './hostileInput.js';

/** A clock that moves only when a part says it took time: the bench's logic, tested without timing. */
function fakeClock() {
  let ms = 0;
  return { now: () => ms, spend: (spent: number) => (ms += spent) };
}

describe('the hostile input figure', () => {
  it('feeds texts of the body limit’s length, issue 34’s e-mail among them', () => {
    const texts = hostileTexts();
    expect(new Set(texts.map(({ text }) => text.length))).toEqual(new Set([HOSTILE_LENGTH]));
    expect(texts.map(({ text }) => text)).toContain(`a@${'.'.repeat(HOSTILE_LENGTH - 3)}@`);
  });

  it('reads every text with every request schema, and never throws', () => {
    const texts = hostileTexts(LIMITS.imageUrl + 1);
    for (const part of REQUEST_PARTS) {
      expect(new Set(texts.map(({ text }) => typeof part.takes(text))), part.name).toEqual(new Set(['boolean']));
    }
  });

  it('names the slowest part and text, and misses the goal when one parse is over it', () => {
    const clock = fakeClock();
    let slowCalls = 0;
    const parts: RequestPart[] = [
      { name: 'POST /fast', takes: () => (clock.spend(1), false) },
      {
        name: 'POST /slow',
        takes: (text) => (text.startsWith('a@') && text.length > 64 ? (slowCalls++, clock.spend(500)) : clock.spend(2), false),
      },
    ];
    const texts = hostileTexts(1024);
    const slowest = slowestParse(parts, texts, clock.now);
    expect(slowest).toMatchObject({ part: 'POST /slow', ms: 500 });
    expect(slowest.text).toMatch(/^"a@"/);
    // A parse far over the goal is measured once: a quadratic one takes seconds.
    expect(slowCalls).toBe(texts.filter(({ text }) => text.startsWith('a@')).length);
    expect(hostileInputFigure(slowest, parts.length, texts.length)).toMatchObject({ met: false, p99Ms: 500, requestsPerSecond: 2 });
  });

  it('counts the least disturbed of three parses: a first one over the goal (a collection, say) misses nothing', () => {
    const clock = fakeClock();
    let calls = 0;
    const spent = [HOSTILE_PARSE_GOAL_MS * 4, 3, 5];
    const parts: RequestPart[] = [{ name: 'POST /login', takes: () => (clock.spend(spent[calls++ % 3]!), false) }];
    const slowest = slowestParse(parts, hostileTexts(256).slice(0, 1), clock.now);
    expect(slowest.ms).toBe(3);
    expect(hostileInputFigure(slowest, 1, 1)).toMatchObject({ met: true, goal: `slowest parse <= ${HOSTILE_PARSE_GOAL_MS} ms` });
  });
});
