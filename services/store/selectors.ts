import { createSelector } from '@reduxjs/toolkit';
import { isModeEnabled, MODES } from '@/services/domain/routes';
import type { RootState } from '@/services/store/store';

export const selectRehydrated = (s: RootState): boolean => s._persist?.rehydrated ?? false;

export const selectUser = (s: RootState) => s.user;
export const selectIsLogin = (s: RootState): boolean => s.user.isLogin;
export const selectToken = (s: RootState): string | null => s.user.token;

export const selectWebSettings = (s: RootState) => s.settings.webSettings;
export const selectSystemConfig = (s: RootState) => s.settings.systemConfig;

/** Changes with each live notification about the player's coins or requests (a redeem decision). */
export const selectWalletVersion = (s: RootState): number => s.notifications.walletVersion ?? 0;

/** Content-language filtering is on only when language_mode is '1' (spec §9). */
export const selectLanguageMode = (s: RootState): boolean =>
  (s.settings.systemConfig?.language_mode ?? s.settings.webSettings?.language_mode) === '1';

/** The `language_id` sent with content calls: the chosen content language, or 0 when the mode is off. */
export const selectLanguageId = (s: RootState): number =>
  selectLanguageMode(s) ? (s.languages.currentLanguage?.id ?? 0) : 0;

export const selectMaintenance = (s: RootState): boolean => s.settings.webSettings?.maintenance_mode === '1';

export const selectAppName = (s: RootState): string | null =>
  s.settings.webSettings?.web_header_title || s.settings.webSettings?.app_name || null;

/**
 * Home-page modes that the system configuration turns on, in MODES order; null until it loads.
 * Memoized (createSelector): the same configuration gives the same array, so the view keeps it.
 */
export const selectEnabledModes = createSelector([selectSystemConfig], (config) =>
  config ? MODES.filter((mode) => isModeEnabled(config, mode)) : null,
);

export const selectContentLanguages = (s: RootState) => s.languages.list;
export const selectCurrentLanguage = (s: RootState) => s.languages.currentLanguage;
export const selectAppLanguages = (s: RootState) => s.languages.appLanguages;
export const selectCurrentAppLanguage = (s: RootState) => s.languages.currentAppLanguage;
export const selectRtl = (s: RootState): boolean => s.languages.rtl;
export const selectTheme = (s: RootState) => s.preferences.theme;

export const selectDemoMode = (s: RootState): boolean =>
  (s.settings.systemConfig?.demo_mode ?? s.settings.webSettings?.demo_mode) === '1';
export const selectDevOutbox = (s: RootState): boolean => s.settings.webSettings?.dev_outbox === true;
export const selectPendingFriendsCode = (s: RootState) => s.signup.pendingFriendsCode;

/** Random-battle wins in a row (spec §3, temporary data). */
export const selectWinStreak = (s: RootState): number => s.battle.winStreak;

/** The player's sound choice (auto, on, off); whether it plays also depends on the device (useSoundOn). */
export const selectSoundChoice = (s: RootState) => s.preferences.sound ?? 'auto';

const playerKey = (s: RootState): string | null => (s.user.isLogin && s.user.data?.id !== undefined ? String(s.user.data.id) : null);

/** Notifications that arrived since the player last opened the list (0 until their count is known). */
export const selectUnreadNotifications = (s: RootState): number => {
  const player = playerKey(s);
  if (!player) return 0;
  const seen = s.preferences.notificationsSeen?.[player] ?? 0;
  return Math.max(0, s.notifications.total - seen);
};

/** The quiz-zone level the signed-in player last started, for "Continue". */
export const selectLastLevel = (s: RootState) => {
  const player = playerKey(s);
  return player ? (s.preferences.lastLevel?.[player] ?? null) : null;
};
