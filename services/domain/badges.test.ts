import { BADGES, badgeReward, badgeThreshold, canClaimReward, claimReward, emptyStats, evaluateBadges, type BadgeKey, type PlayerStatsSnapshot, isBadgeKey } from '@/services/domain/badges';
import { defaultSettings } from '@/services/domain/settings';

const seeded = defaultSettings();
const stats = (facts: Partial<PlayerStatsSnapshot>): PlayerStatsSnapshot => ({ ...emptyStats(), ...facts });
const earned = (facts: Partial<PlayerStatsSnapshot>, held: BadgeKey[] = [], settings = seeded) => evaluateBadges(stats(facts), settings, held);

describe('the badge catalogue', () => {
  test('has the 15 badges of rules.md', () => {
    expect(BADGES).toHaveLength(15);
  });

  test('pays the rewards of rules.md: dashing debut 2, combat winner 5, clash winner 2, most wanted 10, the rest 1', () => {
    expect(badgeReward('dashing_debut', seeded)).toBe(2);
    expect(badgeReward('combat_winner', seeded)).toBe(5);
    expect(badgeReward('clash_winner', seeded)).toBe(2);
    expect(badgeReward('most_wanted_winner', seeded)).toBe(10);
    for (const k of BADGES.filter((b) => !['dashing_debut', 'combat_winner', 'clash_winner', 'most_wanted_winner'].includes(b))) {
      expect([k, badgeReward(k, seeded)]).toEqual([k, 1]);
    }
  });

  test('reads rewards and thresholds from settings', () => {
    const s = { ...seeded, badge_elite_reward: '7', badge_big_thing_counter: '10' };
    expect(badgeReward('elite', s)).toBe(7);
    expect(badgeThreshold('big_thing', s)).toBe(10);
    expect(earned({ totalCorrectAnswers: 10 }, [], s)).toEqual(['big_thing']);
  });

  test('awards nothing to a player who has done nothing', () => {
    expect(earned({})).toEqual([]);
  });
});

describe('each badge', () => {
  test('dashing debut: the first quiz-zone play', () => {
    expect(earned({ quizZonePlays: 1 })).toEqual(['dashing_debut']);
  });

  test('combat winner: the first battle won', () => {
    expect(earned({ battleWins: 1 })).toEqual(['combat_winner']);
  });

  test('clash winner: the first group battle won', () => {
    expect(earned({ groupBattleWins: 1 })).toEqual(['clash_winner']);
  });

  test('most wanted winner: a contest prize', () => {
    expect(earned({ contestPrizes: 1 })).toEqual(['most_wanted_winner']);
  });

  test('quiz warrior: 3 random-battle wins in a row, not 2', () => {
    expect(earned({ randomBattleWinStreak: 2 })).toEqual([]);
    expect(earned({ randomBattleWinStreak: 3 })).toEqual(['quiz_warrior']);
  });

  test('ultimate player: a battle with every answer right and within 4 s', () => {
    expect(earned({ ultimateBattle: true })).toEqual(['ultimate_player']);
  });

  test('super sonic: at least 5 words guessed, no hints, within time', () => {
    expect(earned({ guessTheWord: { correct: 5, hintsUsed: 0, withinTime: true } })).toEqual(['super_sonic']);
    expect(earned({ guessTheWord: { correct: 4, hintsUsed: 0, withinTime: true } })).toEqual([]);
    expect(earned({ guessTheWord: { correct: 5, hintsUsed: 1, withinTime: true } })).toEqual([]);
    expect(earned({ guessTheWord: { correct: 5, hintsUsed: 0, withinTime: false } })).toEqual([]);
  });

  test('flashback: fun and learn with at least 5 questions, all right, within time', () => {
    expect(earned({ funAndLearn: { questions: 5, correct: 5, withinTime: true } })).toEqual(['flashback']);
    expect(earned({ funAndLearn: { questions: 6, correct: 5, withinTime: true } })).toEqual([]);
    expect(earned({ funAndLearn: { questions: 4, correct: 4, withinTime: true } })).toEqual([]);
    expect(earned({ funAndLearn: { questions: 5, correct: 5, withinTime: false } })).toEqual([]);
  });

  test('brainiac: at least 5 questions (ours, not at most), 100 % right, no lifeline', () => {
    expect(earned({ quizSession: { questions: 10, correct: 10, lifelinesUsed: 0 } })).toEqual(['brainiac']);
    expect(earned({ quizSession: { questions: 5, correct: 5, lifelinesUsed: 0 } })).toEqual(['brainiac']);
    expect(earned({ quizSession: { questions: 4, correct: 4, lifelinesUsed: 0 } })).toEqual([]);
    expect(earned({ quizSession: { questions: 10, correct: 9, lifelinesUsed: 0 } })).toEqual([]);
    expect(earned({ quizSession: { questions: 10, correct: 10, lifelinesUsed: 1 } })).toEqual([]);
  });

  test('big thing: 5,000 right answers in total', () => {
    expect(earned({ totalCorrectAnswers: 4999 })).toEqual([]);
    expect(earned({ totalCorrectAnswers: 5000 })).toEqual(['big_thing']);
  });

  test('elite: more than 5,000 coins earned, so 5,000 is not enough', () => {
    expect(earned({ totalCoinsEarned: 5000 })).toEqual([]);
    expect(earned({ totalCoinsEarned: 5001 })).toEqual(['elite']);
  });

  test('thirsty: the daily quiz 30 days in a row', () => {
    expect(earned({ dailyQuizStreak: 29 })).toEqual([]);
    expect(earned({ dailyQuizStreak: 30 })).toEqual(['thirsty']);
  });

  test('sharing caring: more than 50 referred players', () => {
    expect(earned({ referrals: 50 })).toEqual([]);
    expect(earned({ referrals: 51 })).toEqual(['sharing_caring']);
  });

  test('streak: 30 consecutive active days', () => {
    expect(earned({ activeDayStreak: 29 })).toEqual([]);
    expect(earned({ activeDayStreak: 30 })).toEqual(['streak']);
  });

  test('power elite: more than 10 badges, so 10 held is not enough and 11 is', () => {
    const ten = BADGES.filter((k) => k !== 'power_elite').slice(0, 10);
    const eleven = BADGES.filter((k) => k !== 'power_elite').slice(0, 11);
    expect(earned({}, ten)).toEqual([]);
    expect(earned({}, eleven)).toEqual(['power_elite']);
  });

  test('power elite counts the badges this evaluation awards too', () => {
    const ten = BADGES.filter((k) => k !== 'power_elite' && k !== 'streak').slice(0, 10);
    expect(earned({ activeDayStreak: 30 }, ten)).toEqual(['power_elite', 'streak']);
  });
});

describe('evaluating badges', () => {
  test('never awards a badge the player already holds', () => {
    expect(earned({ quizZonePlays: 3, battleWins: 2 }, ['dashing_debut'])).toEqual(['combat_winner']);
  });

  test('awards several badges at once, in catalogue order', () => {
    expect(earned({ referrals: 60, quizZonePlays: 1, quizSession: { questions: 10, correct: 10, lifelinesUsed: 0 } })).toEqual([
      'dashing_debut',
      'brainiac',
      'sharing_caring',
    ]);
  });

  test('does not award power elite twice', () => {
    expect(earned({}, [...BADGES])).toEqual([]);
  });
});

describe('a badge reward', () => {
  test('can be claimed once, when the badge is unlocked', () => {
    expect(canClaimReward('unlocked')).toBe(true);
    expect(claimReward('unlocked')).toBe('reward_claimed');
  });

  test('cannot be claimed on a locked badge or a second time', () => {
    expect(canClaimReward('locked')).toBe(false);
    expect(canClaimReward('reward_claimed')).toBe(false);
    expect(claimReward('locked')).toBe('locked');
    expect(claimReward('reward_claimed')).toBe('reward_claimed');
  });
});

describe('badge keys and the empty snapshot', () => {
  test('a badge key is one of the catalogue, as a string', () => {
    expect(isBadgeKey('streak')).toBe(true);
    expect(isBadgeKey('power_elite')).toBe(true);
    expect(isBadgeKey('nope')).toBe(false);
    expect(isBadgeKey(3)).toBe(false);
    expect(isBadgeKey(undefined)).toBe(false);
  });

  test('a player who has done nothing: every count 0, nothing played', () => {
    expect(emptyStats()).toEqual({
      quizZonePlays: 0,
      battleWins: 0,
      groupBattleWins: 0,
      contestPrizes: 0,
      randomBattleWinStreak: 0,
      ultimateBattle: false,
      guessTheWord: null,
      funAndLearn: null,
      quizSession: null,
      totalCorrectAnswers: 0,
      totalCoinsEarned: 0,
      dailyQuizStreak: 0,
      referrals: 0,
      activeDayStreak: 0,
    });
  });
});
