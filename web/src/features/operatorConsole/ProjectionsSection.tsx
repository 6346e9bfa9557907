import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { useProjectionsQuery } from './operatorApi';
import { boundText, lagText } from './operatorConsoleTexts';
import { DataTable } from '../../components/table/DataTable';

/** How often the projections are read again while the console is shown. */
export const PROJECTIONS_REFRESH_MS = 2000;

/** Each partition's checkpoint against the log's end, refreshed every two seconds while the window has the focus (`toolforge status`). */
export function ProjectionsSection() {
  const projections = useProjectionsQuery(undefined, { pollingInterval: PROJECTIONS_REFRESH_MS, skipPollingIfUnfocused: true });
  const status = projections.data;
  return (
    <section aria-labelledby="console-projections">
      <h3 id="console-projections">Projections</h3>
      {projections.isError && <FormMessage kind="error">{readErrorText(projections.error)}</FormMessage>}
      {status && (
        <>
          <p className="text-long">
            {status.log}, {status.readModel}: {boundText(status.boundTo, status.boundToThisLog)}; {status.deadLetters} dead letters.
          </p>
          <DataTable
            caption="Each partition’s projection against the log’s end"
            columns={['Topic', 'Partition', 'Checkpoint', 'Log end', 'Lag']}
          >
            {status.partitions.map((partition) => (
              <tr key={`${partition.topic}/${partition.partition}`}>
                <td data-label="Topic">{partition.topic}</td>
                <td data-label="Partition">{partition.partition}</td>
                <td data-label="Checkpoint">{partition.checkpoint}</td>
                <td data-label="Log end">{partition.logEnd}</td>
                <td data-label="Lag">{partition.lag > 0 ? <strong>{lagText(partition)}</strong> : lagText(partition)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
