import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in player as the server returns it (spec §3); fields beyond these pass through untouched. */
export interface UserData {
  id?: number | string;
  name: string;
  email?: string;
  mobile?: string;
  profile?: string;
  /** Login type; "mobile" is special (spec §3, §4). */
  type?: string;
  coins?: number | string;
  api_token?: string;
  [field: string]: unknown;
}

export interface UserState {
  data: UserData | null;
  token: string | null;
  isLogin: boolean;
}

const initialState: UserState = { data: null, token: null, isLogin: false };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    loggedIn(_state, action: PayloadAction<{ data: UserData; token: string }>) {
      return { data: action.payload.data, token: action.payload.token, isLogin: true };
    },
    userDataReceived(state, action: PayloadAction<UserData>) {
      state.data = action.payload;
    },
    loggedOut() {
      return initialState;
    },
  },
});

export const { loggedIn, userDataReceived, loggedOut } = userSlice.actions;
