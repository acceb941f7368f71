import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** Sound and haptics: `auto` plays them unless the device asks for reduced motion; on and off are the player's choice. */
export type SoundChoice = 'auto' | 'on' | 'off';

/** Where a player last was in the quiz zone: the home page's "Continue". */
export interface LastLevel {
  /** The level page's path, e.g. /quiz-zone/geography/level/2/. */
  href: string;
  /** The category (or subcategory) name as the list showed it. */
  place: string;
  level: number;
}

export interface PreferencesState {
  theme: ThemeChoice;
  sound: SoundChoice;
  /** How many notifications each player (by id) had when they last opened the list. */
  notificationsSeen: Record<string, number>;
  /** The last quiz-zone level each player (by id) started. */
  lastLevel: Record<string, LastLevel>;
}

const initialState: PreferencesState = { theme: 'system', sound: 'auto', notificationsSeen: {}, lastLevel: {} };

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
    soundChosen(state, action: PayloadAction<boolean>) {
      state.sound = action.payload ? 'on' : 'off';
    },
    notificationsSeen(state, action: PayloadAction<{ player: string; total: number }>) {
      state.notificationsSeen = { ...state.notificationsSeen, [action.payload.player]: action.payload.total };
    },
    levelStarted(state, action: PayloadAction<{ player: string; level: LastLevel }>) {
      state.lastLevel = { ...state.lastLevel, [action.payload.player]: action.payload.level };
    },
  },
});

export const { themeCycled, themeChosen, soundChosen, notificationsSeen, levelStarted } = preferencesSlice.actions;
