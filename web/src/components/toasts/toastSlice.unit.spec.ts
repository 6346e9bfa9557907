import { describe, expect, it } from 'vitest';
import { toastClosed, toastReducer, toastShown } from './toastSlice';

describe('toasts', () => {
  it('stack in order and close one by one', () => {
    let state = toastReducer(undefined, { type: 'init' });
    state = toastReducer(state, toastShown({ kind: 'info', text: 'first' }));
    state = toastReducer(state, toastShown({ kind: 'error', text: 'second' }));
    expect(state.items.map((toast) => toast.text)).toEqual(['first', 'second']);
    expect(new Set(state.items.map((toast) => toast.id)).size).toBe(2);

    state = toastReducer(state, toastClosed(state.items[0]!.id));
    expect(state.items.map((toast) => toast.text)).toEqual(['second']);
  });
});
