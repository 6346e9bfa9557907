import { describe, expect, it } from 'vitest';
import { positionRecorded, readAfterReducer } from './readAfterSlice';

const after = (...tokens: string[]) =>
  tokens.reduce((state, token) => readAfterReducer(state, positionRecorded(token)), readAfterReducer(undefined, { type: 'init' }));

describe('read-after positions (docs/architecture.md#4-the-command-side)', () => {
  it('keeps the newest position of each topic', () => {
    expect(after('sales.orders/0/4', 'catalog.products/0/9', 'sales.orders/0/7').positions).toEqual({
      'sales.orders': 'sales.orders/0/7',
      'catalog.products': 'catalog.products/0/9',
    });
  });

  it('never goes back to an older position of the same partition', () => {
    expect(after('sales.orders/0/7', 'sales.orders/0/5').positions['sales.orders']).toBe('sales.orders/0/7');
  });

  it('ignores what is not a position token', () => {
    expect(after('not a token', '').positions).toEqual({});
  });
});
