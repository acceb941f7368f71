import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in player as the server returns it (spec §3); fields beyond these pass through untouched. */
export interface UserData {
  id?: number | string;
  name: string;
  email?: string;
  mobile?: string;
  /** Image URL path, or null when the player has none. */
  profile?: string | null;
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

/** What a profile edit may change in the stored player. */
export interface ProfileChanges {
  name?: string;
  mobile?: string;
  email?: string;
  profile?: string | null;
}

/** The login type whose players may change their email (spec §4). */
const PHONE_LOGIN_TYPE = 'mobile';

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
    /**
     * Spec §4: a profile update merges name and mobile, and the email only when the player signed
     * in by phone (the others' email belongs to their sign-in). The image is merged after an upload.
     */
    profileMerged(state, action: PayloadAction<ProfileChanges>) {
      if (!state.data) return;
      const { name, mobile, email, profile } = action.payload;
      if (name !== undefined) state.data.name = name;
      if (mobile !== undefined) state.data.mobile = mobile;
      if (email !== undefined && state.data.type === PHONE_LOGIN_TYPE) state.data.email = email;
      if (profile !== undefined) state.data.profile = profile;
    },
    /** The balance as the server last reported it. */
    coinsChanged(state, action: PayloadAction<number>) {
      if (state.data) state.data.coins = action.payload;
    },
    loggedOut() {
      return initialState;
    },
  },
});

export const { loggedIn, userDataReceived, profileMerged, coinsChanged, loggedOut } = userSlice.actions;
