import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * A friend's refer code typed at sign-up. The account itself is created at the first sign-in,
 * after the email is verified (possibly in another tab), so the code waits here, persisted, for
 * the sign-in of that email.
 */
export interface SignupState {
  pendingFriendsCode: { email: string; code: string } | null;
}

const initialState: SignupState = { pendingFriendsCode: null };

export const signupSlice = createSlice({
  name: 'signup',
  initialState,
  reducers: {
    friendsCodeRemembered(state, action: PayloadAction<{ email: string; code: string }>) {
      state.pendingFriendsCode = { email: action.payload.email.trim().toLowerCase(), code: action.payload.code.trim() };
    },
    friendsCodeForgotten(state) {
      state.pendingFriendsCode = null;
    },
  },
});

export const { friendsCodeRemembered, friendsCodeForgotten } = signupSlice.actions;
