import { describe, expect, it } from 'vitest';
import { eventsQuery } from './eventsSaga';
import { EVENTS_KEPT, NO_FILTERS, eventsArrived, eventsRequested, followToggled, operatorEventsReducer } from './eventsSlice';

const line = (offset: number) => ({
  position: `sales.orders/0/${offset}`,
  time: '2026-11-20T12:00:00.000Z',
  type: 'OrderPlaced',
  stream: `o-${offset}`,
  actor: null,
  summary: '',
});

describe('the operator console’s events', () => {
  it('asks for the filters typed, a typed time as the instant it names, and goes on from the cursor', () => {
    const query = eventsQuery(
      { topic: 'sales.orders', type: ' OrderPlaced ', stream: '', from: '2026-11-20T12:00:00Z', to: 'not a time' },
      'sales.orders/0/7',
      50,
    );
    expect(Object.fromEntries(query)).toEqual({
      limit: '50',
      topic: 'sales.orders',
      type: 'OrderPlaced',
      from: '2026-11-20T12:00:00.000Z',
      // Left as typed: the API says why it is refused.
      to: 'not a time',
      after: 'sales.orders/0/7',
    });
    expect(Object.fromEntries(eventsQuery(NO_FILTERS, null, 200))).toEqual({ limit: '200' });
  });

  it('appends each page, keeps following across a new search, and keeps only the newest events of a long follow', () => {
    let state = operatorEventsReducer(undefined, followToggled());
    state = operatorEventsReducer(state, eventsRequested({ ...NO_FILTERS, topic: 'sales.orders' }));
    expect(state).toMatchObject({ following: true, loading: true, events: [], cursor: null });
    state = operatorEventsReducer(state, eventsArrived({ events: [line(0), line(1)], cursor: 'sales.orders/0/2', full: true }));
    state = operatorEventsReducer(state, eventsArrived({ events: [line(2)], cursor: 'sales.orders/0/3', full: false }));
    expect(state).toMatchObject({ cursor: 'sales.orders/0/3', more: false, loading: false });
    expect(state.events.map((event) => event.stream)).toEqual(['o-0', 'o-1', 'o-2']);

    const many = Array.from({ length: EVENTS_KEPT }, (_, index) => line(3 + index));
    state = operatorEventsReducer(state, eventsArrived({ events: many, cursor: 'x', full: true }));
    expect(state.events).toHaveLength(EVENTS_KEPT);
    expect(state.events[0]!.stream).toBe('o-3');
  });
});
