import { useEffect, useState, type FormEvent } from 'react';
import { ALL_TOPICS } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormMessage } from '../../components/forms/FormMessage';
import { SelectField } from '../../components/forms/SelectField';
import { TextField } from '../../components/forms/TextField';
import { consoleLeft, eventsRequested, followToggled, moreEventsRequested, selectOperatorEvents, type EventFilters } from './eventsSlice';
import { DataTable } from '../../components/table/DataTable';

const TOPIC_OPTIONS = ALL_TOPICS.map((topic) => ({ value: topic, label: topic }));

/** Typed times, as `toolforge events list --from` takes them: a browser's date-time picker hides where its focus is. */
const TIME_HINT = 'A time in your time zone, such as 2026-11-20T12:00';

/**
 * The log's events as `toolforge events list` shows them, filtered by topic, type, stream and time,
 * a page at a time; Follow reads on every few seconds and appends the new ones (`events tail`).
 */
export function EventsSection() {
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectOperatorEvents);
  const [filters, setFilters] = useState<EventFilters>(shown.filters);
  const field = (name: keyof EventFilters) => ({
    value: filters[name],
    onChange: (event: { target: { value: string } }) => setFilters({ ...filters, [name]: event.target.value }),
  });
  useEffect(() => {
    dispatch(eventsRequested(shown.filters));
    return () => void dispatch(consoleLeft());
    // The first page once, as the section opens; later ones as the admin asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);
  const show = (event: FormEvent) => {
    event.preventDefault();
    dispatch(eventsRequested(filters));
  };

  return (
    <section aria-labelledby="console-events">
      <h3 id="console-events">Events</h3>
      <form className="inline-form" noValidate onSubmit={show} aria-label="Event filters">
        <SelectField label="Topic" placeholder="Any topic" options={TOPIC_OPTIONS} {...field('topic')} />
        <TextField label="Type" placeholder="OrderPlaced" {...field('type')} />
        <TextField label="Stream" placeholder="an order or product id" {...field('stream')} />
        <TextField label="From" placeholder="2026-11-20T12:00" hint={TIME_HINT} {...field('from')} />
        <TextField label="To" placeholder="2026-11-21T12:00" hint={TIME_HINT} {...field('to')} />
        <button type="submit" className="button button--primary">
          Show events
        </button>
      </form>
      <div className="inline-form">
        <button type="button" className="button" aria-pressed={shown.following} onClick={() => dispatch(followToggled())}>
          Follow
        </button>
        <button type="button" className="button" disabled={!shown.more || shown.loading} onClick={() => dispatch(moreEventsRequested())}>
          Next page
        </button>
      </div>
      <p aria-live="polite">
        {shown.following ? 'Following: new events are added as they are appended.' : ''} {shown.events.length} events shown.
      </p>
      <FormMessage kind="error">{shown.error}</FormMessage>
      <DataTable
        caption="The log’s events, oldest first in each partition"
        columns={['Position', 'Time', 'Type', 'Stream', 'Actor', 'Summary']}
      >
        {shown.events.map((event) => (
          <tr key={event.position}>
            <td data-label="Position" className="cell-long">
              {event.position}
            </td>
            <td data-label="Time">
              <time dateTime={event.time}>{new Date(event.time).toLocaleString()}</time>
            </td>
            <td data-label="Type" className="cell-long">
              {event.type}
            </td>
            <td data-label="Stream" className="cell-long">
              {event.stream}
            </td>
            <td data-label="Actor" className="cell-long">
              {event.actor ?? '(the shop)'}
            </td>
            <td data-label="Summary" className="cell-long">
              {event.summary}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
