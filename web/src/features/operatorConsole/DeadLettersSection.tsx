import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { DEAD_LETTER_ACTIONS } from './deadLetterActions';
import { useDeadLettersQuery } from './operatorApi';

/** The events the projector set aside, newest first, each with its error and the event itself, and what can be done with it. */
export function DeadLettersSection() {
  const listed = useDeadLettersQuery();
  return (
    <section aria-labelledby="console-dead-letters">
      <h3 id="console-dead-letters">Dead letters</h3>
      {listed.isError && <FormMessage kind="error">{readErrorText(listed.error)}</FormMessage>}
      {listed.data && listed.data.total === 0 && <p>No event is set aside: the projector applied every one.</p>}
      {listed.data && listed.data.total > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Dead letters">
          <table className="data-table">
            <caption className="visually-hidden">
              {listed.data.total} events set aside
              {listed.data.total > listed.data.deadLetters.length && `, the newest ${listed.data.deadLetters.length}`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Position</th>
                <th scope="col">Type</th>
                <th scope="col">Error</th>
                <th scope="col">Set aside</th>
                <th scope="col">Event</th>
                {DEAD_LETTER_ACTIONS.length > 0 && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {listed.data.deadLetters.map((letter) => (
                <tr key={letter.position}>
                  <td data-label="Position">{letter.position}</td>
                  <td data-label="Type">{letter.type}</td>
                  <td data-label="Error">{letter.error}</td>
                  <td data-label="Set aside">
                    <time dateTime={letter.deadAt}>{new Date(letter.deadAt).toLocaleString()}</time>
                  </td>
                  <td data-label="Event">
                    <details>
                      <summary>Show the event</summary>
                      <pre>{JSON.stringify(letter.event, null, 2)}</pre>
                    </details>
                  </td>
                  {DEAD_LETTER_ACTIONS.length > 0 && (
                    <td data-label="Actions">
                      {DEAD_LETTER_ACTIONS.map((Action, index) => (
                        <Action key={index} letter={letter} />
                      ))}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
