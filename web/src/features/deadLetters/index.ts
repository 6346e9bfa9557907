import { defineFeature } from '../../app/shopFeature';
import { deadLettersSaga } from './deadLettersSaga';
import { deadLettersReducer } from './deadLettersSlice';
import { dryRunApi } from './dryRunApi';

/**
 * An admin's retry or skip of a dead letter (docs/projector.md#dead-letters-retried-or-skipped),
 * each tried first as a dry run. No page of its own: its buttons sit beside each letter in the
 * operator console (operatorConsole/deadLetterActions.ts lists DeadLetterActions, imported from its
 * own module so that its dialog and form come with the console's lazy page, not the shop's first load).
 */
export const deadLettersFeature = defineFeature({
  reads: dryRunApi,
  reducers: { deadLetters: deadLettersReducer },
  saga: deadLettersSaga,
});
