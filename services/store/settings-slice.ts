import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SettingsMap } from '@/services/domain/settings';

/** The Firebase web configuration (public by design), when the Firebase identity provider is on. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** e.g. `127.0.0.1:9099` when the server points at the Firebase Auth emulator. */
  authEmulatorHost: string | null;
}

/** What `get_web_settings` returns: the shell's own settings. */
export interface WebSettings {
  web_header_title: string;
  web_tagline: string;
  web_theme_color: string;
  web_footer_text: string;
  web_contact_email: string;
  web_default_interface_language: string;
  app_name: string;
  maintenance_mode: '0' | '1';
  demo_mode: '0' | '1';
  language_mode: '0' | '1';
  /** How players sign in; absent from older servers, which means 'local'. */
  identity_provider?: 'local' | 'firebase';
  firebase?: FirebaseWebConfig | null;
  /** Where the browser follows battle rooms: the room stream (embedded, the default) or Firestore. */
  room_store?: 'embedded' | 'firestore';
  /** Whether the development outbox (mail and SMS not delivered) can be read at /dev/outbox/. */
  dev_outbox?: boolean;
}

export interface SettingsState {
  webSettings: WebSettings | null;
  /** Every key of SYSTEM_SETTINGS → its string value (`get_system_configurations`). */
  systemConfig: SettingsMap | null;
  /** Epoch ms of the last successful web-settings fetch; mirrored in sessionStorage (spec §4). */
  lastFetch: number | null;
}

const initialState: SettingsState = { webSettings: null, systemConfig: null, lastFetch: null };

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    webSettingsLoaded(state, action: PayloadAction<{ webSettings: WebSettings; fetchedAt: number }>) {
      state.webSettings = action.payload.webSettings;
      state.lastFetch = action.payload.fetchedAt;
    },
    systemConfigLoaded(state, action: PayloadAction<SettingsMap>) {
      state.systemConfig = action.payload;
    },
  },
});

export const { webSettingsLoaded, systemConfigLoaded } = settingsSlice.actions;
