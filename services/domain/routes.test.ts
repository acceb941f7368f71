import { isAuthPath, isModeEnabled, isProtectedPath, MODES } from '@/services/domain/routes';

describe('route guarding', () => {
  test.each(['/profile', '/profile/', '/profile/statistics/', '/quiz-zone/science/', '/quiz-play/daily-quiz-dashboard/'])(
    '%s is for signed-in players',
    (p) => expect(isProtectedPath(p)).toBe(true),
  );

  test.each(['/', '/faq/', '/quiz-play/', '/profiles-of-others/', '/auth/login/'])('%s is open to guests', (p) => {
    expect(isProtectedPath(p)).toBe(false);
  });

  test('auth pages are recognised with and without the trailing slash', () => {
    expect(isAuthPath('/auth/login')).toBe(true);
    expect(isAuthPath('/auth/sign-up/')).toBe(true);
    expect(isAuthPath('/authors/')).toBe(false);
  });
});

describe('mode cards', () => {
  test('a mode is on only when its setting is exactly 1', () => {
    const quizZone = MODES.find((m) => m.key === 'quiz_zone')!;
    expect(isModeEnabled({ quiz_zone_mode: '1' }, quizZone)).toBe(true);
    expect(isModeEnabled({ quiz_zone_mode: '0' }, quizZone)).toBe(false);
    expect(isModeEnabled({}, quizZone)).toBe(false);
  });
});
