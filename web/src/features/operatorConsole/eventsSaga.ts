import type { SagaIterator } from 'redux-saga';
import { call, delay, put, select, takeLatest } from 'redux-saga/effects';
import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_LIMIT, OPERATOR_PATHS, type EventsPageDto } from '@toolforge/contracts';
import type { RootState } from '../../app/store';
import { operatorUrl } from './operatorApi';
import {
  eventsArrived,
  eventsFailed,
  eventsRequested,
  followToggled,
  moreEventsRequested,
  selectOperatorEvents,
  type EventFilters,
} from './eventsSlice';

/** How often a followed log is read again. */
export const FOLLOW_INTERVAL_MS = 2000;

/** A typed time as the instant it names in the browser's time zone; text that names none as typed, for the API to say why it is refused. */
function instantOf(text: string): string {
  const at = new Date(text.trim());
  return Number.isNaN(at.getTime()) ? text.trim() : at.toISOString();
}

/** The query of a page: the filters typed, where to go on, how many. */
export function eventsQuery(filters: EventFilters, after: string | null, limit: number): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.topic) query.set('topic', filters.topic);
  if (filters.type.trim()) query.set('type', filters.type.trim());
  if (filters.stream.trim()) query.set('stream', filters.stream.trim());
  if (filters.from.trim()) query.set('from', instantOf(filters.from));
  if (filters.to.trim()) query.set('to', instantOf(filters.to));
  if (after !== null) query.set('after', after);
  return query;
}

/** GET /operator/events with the admin's token; a refusal's own message when it has one. */
export async function readEventsPage(query: URLSearchParams, token: string | undefined): Promise<EventsPageDto> {
  const response = await fetch(`${operatorUrl(OPERATOR_PATHS.events)}?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json().catch(() => ({}))) as EventsPageDto & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `Request failed with status ${response.status}`);
  return body;
}

const tokenOf = (state: RootState) => state.auth.session?.accessToken;

/** Reads the page after the cursor (the first without one) and appends it. */
function* readOn(limit: number): SagaIterator {
  const { filters, cursor } = (yield select(selectOperatorEvents)) as ReturnType<typeof selectOperatorEvents>;
  const token = (yield select(tokenOf)) as string | undefined;
  try {
    const page = (yield call(readEventsPage, eventsQuery(filters, cursor, limit), token)) as EventsPageDto;
    yield put(eventsArrived({ events: page.events, cursor: page.cursor, full: page.events.length === limit }));
  } catch (error) {
    yield put(eventsFailed((error as Error).message));
  }
}

/** While followed: the events after the last shown, as many as a page holds, every FOLLOW_INTERVAL_MS. */
function* follow(): SagaIterator {
  while (((yield select(selectOperatorEvents)) as ReturnType<typeof selectOperatorEvents>).following) {
    yield call(readOn, EVENTS_PAGE_LIMIT);
    yield delay(FOLLOW_INTERVAL_MS);
  }
}

/** The Events section's reads: the first page, the next, and following the log (a toggle starts a new follow, ending the last). */
export function* operatorEventsSaga(): SagaIterator {
  yield takeLatest(eventsRequested.type, readOn, EVENTS_PAGE_DEFAULT);
  yield takeLatest(moreEventsRequested.type, readOn, EVENTS_PAGE_DEFAULT);
  yield takeLatest(followToggled.type, follow);
}
