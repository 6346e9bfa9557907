import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { isoTime, startingPoint } from './arguments.js';
import { csv } from './output.js';

describe('the tool’s arguments', () => {
  it('reads ISO dates and times, and refuses anything else as a usage error', () => {
    expect(isoTime('2026-11-20').toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(isoTime('2026-11-20T12:30:00+02:00').toISOString()).toBe('2026-11-20T10:30:00.000Z');
    for (const text of ['yesterday', '20/11/2026', '2026-13-01', '1700000000']) expect(() => isoTime(text)).toThrow(InvalidArgumentError);
  });

  it('reads --from as a log position or a time', () => {
    expect(startingPoint('sales.orders/2/41')).toEqual({ position: { topic: 'sales.orders', partition: 2, offset: 41 } });
    expect(startingPoint('2026-11-20')).toEqual({ at: new Date('2026-11-20T00:00:00Z') });
    expect(() => startingPoint('orders/0/1')).toThrow(/no topic orders/);
    expect(() => startingPoint('soon')).toThrow(InvalidArgumentError);
  });
});

describe('CSV output', () => {
  it('quotes a cell holding a comma, a quote or a line break', () => {
    expect(csv(['a', 'b'], [['12 Forge Lane, Sheffield', 'say "hi"\nthere']])).toBe(
      'a,b\r\n"12 Forge Lane, Sheffield","say ""hi""\nthere"\r\n',
    );
  });
});
