import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EventLineDto } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

/** The Events section's filters, as typed: empty means any. Times are read in the browser's time zone. */
export interface EventFilters {
  topic: string;
  type: string;
  stream: string;
  from: string;
  to: string;
}

export interface OperatorEventsState {
  filters: EventFilters;
  /** The events shown: the pages read so far, then the new ones while followed. */
  events: EventLineDto[];
  /** Where the next read goes on; null before the first page. */
  cursor: string | null;
  /** Whether the last page was full: there may be more to page through. */
  more: boolean;
  following: boolean;
  loading: boolean;
  error: string | null;
}

/** The most events the section keeps: a followed busy log drops the oldest. */
export const EVENTS_KEPT = 1000;

export const NO_FILTERS: EventFilters = { topic: '', type: '', stream: '', from: '', to: '' };

const initialState: OperatorEventsState = {
  filters: NO_FILTERS,
  events: [],
  cursor: null,
  more: false,
  following: false,
  loading: false,
  error: null,
};

const operatorEventsSlice = createSlice({
  name: 'operatorEvents',
  initialState,
  reducers: {
    /** Show events: the first page with these filters, the list started again. */
    eventsRequested(state, action: PayloadAction<EventFilters>) {
      return { ...initialState, filters: action.payload, following: state.following, loading: true };
    },
    /** Next page: the events after the last shown. */
    moreEventsRequested(state) {
      state.loading = true;
    },
    /** A page arrived: appended, and where to go on from. */
    eventsArrived(state, action: PayloadAction<{ events: EventLineDto[]; cursor: string; full: boolean }>) {
      state.events = [...state.events, ...action.payload.events].slice(-EVENTS_KEPT);
      state.cursor = action.payload.cursor;
      state.more = action.payload.full;
      state.loading = false;
      state.error = null;
    },
    eventsFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** Follow on or off: while on, new events are read every few seconds and appended. */
    followToggled(state) {
      state.following = !state.following;
    },
    /** The console left: nothing is followed while it is not shown. */
    consoleLeft(state) {
      state.following = false;
    },
  },
});

export const { eventsRequested, moreEventsRequested, eventsArrived, eventsFailed, followToggled, consoleLeft } =
  operatorEventsSlice.actions;
export const operatorEventsReducer = operatorEventsSlice.reducer;

export const selectOperatorEvents = (state: RootState) => state.operatorEvents;
