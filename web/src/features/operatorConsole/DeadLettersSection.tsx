import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { DEAD_LETTER_ACTIONS } from './deadLetterActions';
import { useDeadLettersQuery } from './operatorApi';
import { ACTIONS_COLUMN, DataTable } from '../../components/table/DataTable';

/** The events the projector set aside, newest first, each with its error and the event itself, and what can be done with it. */
export function DeadLettersSection() {
  const listed = useDeadLettersQuery();
  return (
    <section aria-labelledby="console-dead-letters">
      <h3 id="console-dead-letters">Dead letters</h3>
      {listed.isError && <FormMessage kind="error">{readErrorText(listed.error)}</FormMessage>}
      {listed.data && listed.data.total === 0 && <p>No event is set aside: the projector applied every one.</p>}
      {listed.data && listed.data.total > 0 && (
        <DataTable
          caption={
            <>
              {listed.data.total} events set aside
              {listed.data.total > listed.data.deadLetters.length && `, the newest ${listed.data.deadLetters.length}`}
            </>
          }
          columns={['Position', 'Type', 'Error', 'Set aside', 'Event', DEAD_LETTER_ACTIONS.length > 0 && ACTIONS_COLUMN]}
        >
          {listed.data.deadLetters.map((letter) => (
            <tr key={letter.position}>
              <td data-label="Position" className="cell-long">
                {letter.position}
              </td>
              <td data-label="Type">{letter.type}</td>
              <td data-label="Error" className="cell-long">
                {letter.error}
              </td>
              <td data-label="Set aside">
                <time dateTime={letter.deadAt}>{new Date(letter.deadAt).toLocaleString()}</time>
              </td>
              <td data-label="Event" className="cell-long">
                <details>
                  <summary>Show the event</summary>
                  <pre>{JSON.stringify(letter.event, null, 2)}</pre>
                </details>
              </td>
              {DEAD_LETTER_ACTIONS.length > 0 && (
                <td className="cell-actions">
                  <div className="row-actions">
                    {DEAD_LETTER_ACTIONS.map((Action, index) => (
                      <Action key={index} letter={letter} />
                    ))}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
