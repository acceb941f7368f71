/**
 * @jest-environment jsdom
 */
import { nextLabelKey } from '@/components/live/live-host-page';

describe("the host's Next button says what it does", () => {
  const game = (shown: number) => ({ questions_shown: shown, question_count: 3 });
  test('start, skip, leaderboard on their screens', () => {
    expect(nextLabelKey('lobby', game(0))).toBe('live.host.start');
    expect(nextLabelKey('question', game(1))).toBe('live.host.skip');
    expect(nextLabelKey('reveal', game(3))).toBe('live.host.show_leaderboard');
  });
  test('from a leaderboard: the next question while one is left, the podium after the last', () => {
    expect(nextLabelKey('leaderboard', game(1))).toBe('live.host.next_question');
    expect(nextLabelKey('leaderboard', game(2))).toBe('live.host.next_question');
    // After the last question the server's view has no question on screen (question: null).
    expect(nextLabelKey('leaderboard', game(3))).toBe('live.host.show_podium');
    expect(nextLabelKey('paused', game(3))).toBe('live.host.show_podium');
  });
});
