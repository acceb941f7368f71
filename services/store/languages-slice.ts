import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import shippedInterfaceLanguages from '@/locales/languages.json';

/** A content language (`get_languages`): filters questions and categories. */
export interface ContentLanguage {
  id: number;
  language: string;
  code: string;
  is_default: boolean;
}

/** The content language in use (spec §3). */
export interface CurrentLanguage {
  id: number;
  code: string;
  name: string;
}

/** An interface language (`get_system_language_list`). */
export interface AppLanguage {
  name: string;
  title: string;
  rtl: boolean;
}

export interface LanguagesState {
  /** Content languages. */
  list: ContentLanguage[];
  currentLanguage: CurrentLanguage | null;
  /** Interface languages. */
  appLanguages: AppLanguage[];
  currentAppLanguage: AppLanguage | null;
  rtl: boolean;
}

const toAppLanguage = (l: { name: string; title: string; rtl: boolean }): AppLanguage => ({
  name: l.name,
  title: l.title,
  rtl: l.rtl,
});

const initialState: LanguagesState = {
  list: [],
  currentLanguage: null,
  // The shipped list stands in until the server's list arrives.
  appLanguages: shippedInterfaceLanguages.map(toAppLanguage),
  currentAppLanguage: null,
  rtl: false,
};

const toCurrent = (l: ContentLanguage): CurrentLanguage => ({ id: l.id, code: l.code, name: l.language });

export const languagesSlice = createSlice({
  name: 'languages',
  initialState,
  reducers: {
    contentLanguagesLoaded(state, action: PayloadAction<ContentLanguage[]>) {
      const list = action.payload;
      state.list = list;
      const kept = state.currentLanguage && list.find((l) => l.id === state.currentLanguage?.id);
      if (!kept) {
        const fallback = list.find((l) => l.is_default) ?? list[0];
        state.currentLanguage = fallback ? toCurrent(fallback) : null;
      }
    },
    contentLanguageChosen(state, action: PayloadAction<ContentLanguage>) {
      state.currentLanguage = toCurrent(action.payload);
    },
    appLanguagesLoaded(state, action: PayloadAction<AppLanguage[]>) {
      if (action.payload.length > 0) state.appLanguages = action.payload.map(toAppLanguage);
    },
    appLanguageChanged(state, action: PayloadAction<AppLanguage>) {
      state.currentAppLanguage = toAppLanguage(action.payload);
      state.rtl = action.payload.rtl;
    },
  },
});

export const { contentLanguagesLoaded, contentLanguageChosen, appLanguagesLoaded, appLanguageChanged } =
  languagesSlice.actions;
