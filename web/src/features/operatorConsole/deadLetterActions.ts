import type { ComponentType } from 'react';
import type { DeadLetterDto } from '@toolforge/contracts';
import { DeadLetterActions } from '../deadLetters/DeadLetterActions';

/**
 * What an admin can do with a dead letter, beside it in the list: each a component of its own
 * feature (the retry and the skip, web/src/features/deadLetters/), one line here each.
 */
export const DEAD_LETTER_ACTIONS: readonly ComponentType<{ letter: DeadLetterDto }>[] = [DeadLetterActions];
