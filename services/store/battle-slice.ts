import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedIn, loggedOut } from '@/services/store/user-slice';

/**
 * Battle data the app keeps between visits (spec §3, temporary data; §4: "random-battle
 * back-to-back win count can be set and reset to 0"): the player's random-battle wins in a row,
 * as the random-battle machine counts them. It belongs to the signed-in player, so a sign-in or a
 * sign-out starts it over.
 */
export interface BattleState {
  winStreak: number;
}

const initialState: BattleState = { winStreak: 0 };

export const battleSlice = createSlice({
  name: 'battle',
  initialState,
  reducers: {
    winStreakSet(state, action: PayloadAction<number>) {
      const n = action.payload;
      state.winStreak = Number.isInteger(n) && n > 0 ? n : 0;
    },
    winStreakReset(state) {
      state.winStreak = 0;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedIn, () => initialState).addCase(loggedOut, () => initialState);
  },
});

export const { winStreakSet, winStreakReset } = battleSlice.actions;
