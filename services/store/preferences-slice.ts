import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeChoice = 'system' | 'light' | 'dark';

export interface PreferencesState {
  theme: ThemeChoice;
}

const initialState: PreferencesState = { theme: 'system' };

const NEXT_THEME: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState,
  reducers: {
    themeCycled(state) {
      state.theme = NEXT_THEME[state.theme];
    },
    themeChosen(state, action: PayloadAction<ThemeChoice>) {
      state.theme = action.payload;
    },
  },
});

export const { themeCycled, themeChosen } = preferencesSlice.actions;
