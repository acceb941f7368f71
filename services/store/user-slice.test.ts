import { loggedIn, profileMerged, userSlice, type UserState } from '@/services/store/user-slice';

const reduce = (state: UserState | undefined, ...actions: Parameters<typeof userSlice.reducer>[1][]) =>
  actions.reduce((s, a) => userSlice.reducer(s, a), state ?? userSlice.reducer(undefined, { type: 'init' }));

describe('the user slice', () => {
  test('a profile update merges name and mobile and keeps the rest', () => {
    const state = reduce(
      undefined,
      loggedIn({ data: { name: 'Amira', email: 'a@example.com', mobile: '', type: 'email', coins: 10 }, token: 't' }),
      profileMerged({ name: 'Amira B', mobile: '+14155550100' }),
    );
    expect(state.data).toEqual({ name: 'Amira B', email: 'a@example.com', mobile: '+14155550100', type: 'email', coins: 10 });
    expect(state.token).toBe('t');
  });

  test('does not change the email of a player who signed in by email', () => {
    const state = reduce(undefined, loggedIn({ data: { name: 'Amira', email: 'a@example.com', type: 'email' }, token: 't' }), profileMerged({ email: 'b@example.com' }));
    expect(state.data?.email).toBe('a@example.com');
  });

  test('changes the email of a player who signed in by phone', () => {
    const state = reduce(undefined, loggedIn({ data: { name: 'Amira', email: '', type: 'mobile' }, token: 't' }), profileMerged({ email: 'b@example.com' }));
    expect(state.data?.email).toBe('b@example.com');
  });

  test('merges nothing when nobody is logged in', () => {
    expect(reduce(undefined, profileMerged({ name: 'Ghost' })).data).toBeNull();
  });
});
