import { DEAD_LETTER_PATHS, type DeadLetterAction, type DeadLetterDryRunDto, type LogPosition } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';
import { operatorUrl } from '../operatorConsole/operatorApi';

/** A retry's or a skip's dry run, on the operator console's API: what it would do now, nothing changed. */
export const dryRunApi = injectReads(
  (build) => ({
    deadLetterDryRun: build.query<DeadLetterDryRunDto, { letter: LogPosition; action: DeadLetterAction }>({
      query: ({ letter, action }) => operatorUrl(DEAD_LETTER_PATHS.dryRun(letter, action)),
      // Always run again when asked: it says what would happen now.
      keepUnusedDataFor: 0,
    }),
  }),
  { deadLetterDryRun: [] },
  [],
);

export const { useDeadLetterDryRunQuery } = dryRunApi;
