import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { parsePosition, type Topic } from '@toolforge/contracts';
import type { RootState } from '../app/store';

/**
 * The newest consistency token each command answered, per topic (docs/architecture.md#4-the-command-side). Queries send the one
 * for their topic as X-Read-After, so the read side shows the user's own writes.
 */
export interface ReadAfterState {
  positions: Partial<Record<string, string>>;
}

const initialState: ReadAfterState = { positions: {} };

const readAfterSlice = createSlice({
  name: 'readAfter',
  initialState,
  reducers: {
    positionRecorded(state, action: PayloadAction<string>) {
      const position = parsePosition(action.payload);
      if (!position) return;
      const held = parsePosition(state.positions[position.topic] ?? '');
      if (!held || held.partition !== position.partition || held.offset < position.offset) {
        state.positions[position.topic] = action.payload;
      }
    },
  },
});

export const { positionRecorded } = readAfterSlice.actions;
export const readAfterReducer = readAfterSlice.reducer;
export const selectReadAfter = (state: RootState, topic: Topic) => state.readAfter.positions[topic] ?? null;
