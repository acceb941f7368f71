import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/services/store/user-slice';

export interface AppNotification {
  id: number | string;
  title?: string;
  message?: string;
  [field: string]: unknown;
}

export interface NotificationsState {
  list: AppNotification[];
  total: number;
  /**
   * Counts the live notifications about the player's own coins or redeem requests: a page that
   * shows them (the wallet) loads them again when it changes, so it never shows what a decision
   * has just changed.
   */
  walletVersion: number;
}

/** Live notification types that change the player's coins or requests (a redeem decision). */
export const WALLET_NOTIFICATION_TYPES: ReadonlySet<string> = new Set(['payment']);

const initialState: NotificationsState = { list: [], total: 0, walletVersion: 0 };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** Appends a page of notifications, dropping any whose id is already listed (spec §4). */
    notificationsAppended(state, action: PayloadAction<{ list: AppNotification[]; total: number }>) {
      const seen = new Set(state.list.map((n) => n.id));
      for (const n of action.payload.list) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        state.list.push(n);
      }
      state.total = action.payload.total;
    },
    /** A notification that arrived live: first in the list (it is the newest), counted in the total. */
    notificationReceived(state, action: PayloadAction<AppNotification>) {
      if (state.list.some((n) => n.id === action.payload.id)) return;
      state.list.unshift(action.payload);
      state.total += 1;
      if (typeof action.payload.type === 'string' && WALLET_NOTIFICATION_TYPES.has(action.payload.type)) state.walletVersion = (state.walletVersion ?? 0) + 1;
    },
    /** The player's count of notifications, read at the start (the bell's unread count) without loading the list. */
    notificationsCounted(state, action: PayloadAction<number>) {
      if (state.list.length === 0) state.total = action.payload;
    },
    notificationsCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { notificationsAppended, notificationReceived, notificationsCounted, notificationsCleared } = notificationsSlice.actions;
