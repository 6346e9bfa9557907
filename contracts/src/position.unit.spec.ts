import { describe, expect, it } from 'vitest';
import { formatPosition, parsePosition } from './position.js';

describe('consistency token', () => {
  it('round-trips topic, partition and offset', () => {
    const position = { topic: 'sales.orders', partition: 2, offset: 41 };
    expect(formatPosition(position)).toBe('sales.orders/2/41');
    expect(parsePosition('sales.orders/2/41')).toEqual(position);
  });

  it.each(['', 'sales.orders', 'sales.orders/0', 'sales.orders/x/1', 'a b/0/1', 'sales.orders/0/-1'])('refuses %j', (token) => {
    expect(parsePosition(token)).toBeNull();
  });
});
