import { createSlice, type PayloadAction } from '@/services/store/slice';
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
}

const initialState: NotificationsState = { list: [], total: 0 };

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
    },
    notificationsCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { notificationsAppended, notificationReceived, notificationsCleared } = notificationsSlice.actions;
