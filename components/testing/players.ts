/** A player as get_user_by_id answers for them (Amira, an email account), for view tests; `over` changes any field. */
export function testPlayer(over: Record<string, unknown> = {}) {
  return {
    id: 7,
    firebase_id: 'local:7',
    name: 'Amira',
    email: 'amira@example.com',
    mobile: '',
    type: 'email',
    profile: null,
    coins: 10,
    refer_code: 'ABCD2345',
    friends_code: '',
    web_language: '',
    all_time_score: 120,
    status: '1',
    ...over,
  };
}
