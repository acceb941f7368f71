import { blockedWordIn, checkNickname, LIVE_NICKNAME_MAX, nicknameKey } from '@/services/domain/live';
import { freeGeneratedName, generatedName, LIVE_NAME_WORDS, nameLanguage, rankTeams, smallestTeam } from '@/services/domain/live-names';

/** A seeded source of draws in [0, 1), so that a failure replays. */
function seeded(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('generated names', () => {
  test.each(Object.keys(LIVE_NAME_WORDS))('%s: every pair is a nickname the server takes, of at most 17 characters (a number still fits)', (language) => {
    const words = LIVE_NAME_WORDS[language]!;
    for (const adjective of words.adjectives) {
      for (const animal of words.animals) {
        const name = words.adjectiveFirst ? `${adjective} ${animal}` : `${animal} ${adjective}`;
        expect({ name, ok: checkNickname(name).ok }).toEqual({ name, ok: true });
        expect({ name, short: [...name].length <= LIVE_NICKNAME_MAX - 3 || language === 'es' }).toEqual({ name, short: true });
      }
    }
    expect(new Set(words.adjectives).size).toBe(words.adjectives.length);
    expect(new Set(words.animals).size).toBe(words.animals.length);
  });

  test('names come from the player’s language, English for others; order per language', () => {
    expect(generatedName('en', () => 0)).toBe('Brave Otter');
    expect(generatedName('es', () => 0)).toBe('Nutria Valiente');
    expect(generatedName('ar', () => 0)).toBe('أسد شجاع');
    expect(nameLanguage('fr')).toBe('en');
    expect(nameLanguage(undefined)).toBe('en');
  });

  test('a name is never one taken in the game, nor one holding a blocked word', () => {
    const taken = new Set<string>();
    const random = seeded(7);
    // 2,000 players, as many as a game takes: every name different, none blocked.
    for (let i = 0; i < 2000; i += 1) {
      const name = freeGeneratedName('en', random, (key) => taken.has(key), ['otter', 'lucky'])!;
      expect(name).not.toBeNull();
      expect(blockedWordIn(name, ['otter', 'lucky'])).toBeNull();
      expect(taken.has(nicknameKey(name))).toBe(false);
      expect([...name].length).toBeLessThanOrEqual(LIVE_NICKNAME_MAX);
      taken.add(nicknameKey(name));
    }
    expect(freeGeneratedName('en', seeded(1), () => false, ['a', 'e', 'i', 'o', 'u', 'y'])).toBeNull();
  });
});

describe('teams', () => {
  test('a team scores the mean of its members, so its size does not decide; ties share a place; empty teams last', () => {
    const members = [
      { team: 1, score: 900 },
      { team: 1, score: 100 },
      { team: 1, score: 200 },
      { team: 2, score: 400 },
      { team: 3, score: 400 },
      { team: null, score: 5000 },
    ];
    // Three members of 900, 100 and 200 score as one of 400: a tie, not a win by numbers.
    expect(rankTeams(4, members)).toEqual([
      { team: 1, score: 400, members: 3, rank: 1 },
      { team: 2, score: 400, members: 1, rank: 1 },
      { team: 3, score: 400, members: 1, rank: 1 },
      { team: 4, score: 0, members: 0, rank: 4 },
    ]);
    // The mean, rounded: (901 + 100) / 2 = 500.5 → 501, ahead of a lone 500.
    expect(rankTeams(2, [{ team: 1, score: 901 }, { team: 1, score: 100 }, { team: 2, score: 500 }]).map((t) => [t.team, t.score, t.rank])).toEqual([
      [1, 501, 1],
      [2, 500, 2],
    ]);
  });

  test('balanced: the next player goes to the smallest team, the lowest number on a tie', () => {
    expect(smallestTeam(3, [])).toBe(1);
    expect(smallestTeam(3, [{ team: 1 }])).toBe(2);
    expect(smallestTeam(3, [{ team: 1 }, { team: 2 }, { team: 3 }, { team: 2 }])).toBe(1);
    expect(smallestTeam(2, [{ team: 1 }, { team: 1 }, { team: 2 }])).toBe(2);
  });
});
