/**
 * Safe names and teams in live games (docs/live.md, "Names and teams"). A host may require
 * generated nicknames — an adjective and an animal, from a list in each interface language, so
 * that nobody can type a name that offends — and may play in teams: 2 to 8, chosen by the players
 * or balanced by the server, a team's score being the mean of its members' points.
 */
import { blockedWordIn, LIVE_NICKNAME_MAX, nicknameKey, type LiveNameMode, type LiveTeamStanding } from '@/services/domain/live';

export type { LiveNameMode, LiveTeamStanding };

/** How a game's players are named: as they type (checked, blocked words refused) or by the server. */
export const LIVE_NAME_MODES = ['free', 'generated'] as const satisfies readonly LiveNameMode[];

/** Teams per game: none (0) or 2 to 8. */
export const LIVE_TEAM_COUNTS = [0, 2, 3, 4, 5, 6, 7, 8] as const;
export const LIVE_MAX_TEAMS = 8;
/** `choose`: each player picks a team when joining; `balanced`: the server puts each in the smallest team. */
export const LIVE_TEAM_MODES = ['choose', 'balanced'] as const;
export type LiveTeamMode = (typeof LIVE_TEAM_MODES)[number];

/** A team's colour, by its number (1 to 8): the name players read and the tone it is drawn in. */
export const LIVE_TEAM_TONES = ['rose', 'blue', 'amber', 'green', 'violet', 'cyan', 'orange', 'pink'] as const;
export type LiveTeamTone = (typeof LIVE_TEAM_TONES)[number];
export const teamTone = (team: number): LiveTeamTone => LIVE_TEAM_TONES[(team - 1) % LIVE_TEAM_TONES.length]!;

/** What a phone learns from a PIN before joining: how the game names its players and whether it has teams. */
export interface LiveEntry {
  readonly game_id: number;
  readonly title: string;
  readonly names: LiveNameMode;
  /** Teams in the game (0: none). */
  readonly teams: number;
  readonly team_mode: LiveTeamMode;
}

/**
 * Teams ranked by the mean of their members' scores (members still in; a team without any scores
 * 0 and comes after those with members), ties sharing a place (1, 2, 2, 4).
 */
export function rankTeams(teamCount: number, members: readonly { readonly team: number | null; readonly score: number }[]): LiveTeamStanding[] {
  const sums = Array.from({ length: teamCount }, () => ({ total: 0, members: 0 }));
  for (const m of members) {
    if (m.team === null || m.team < 1 || m.team > teamCount) continue;
    sums[m.team - 1]!.total += m.score;
    sums[m.team - 1]!.members += 1;
  }
  const teams = sums.map((s, i) => ({ team: i + 1, score: s.members > 0 ? Math.round(s.total / s.members) : 0, members: s.members }));
  teams.sort((a, b) => b.score - a.score || Number(b.members > 0) - Number(a.members > 0) || a.team - b.team);
  const out: LiveTeamStanding[] = [];
  teams.forEach((t, i) => {
    const prev = out[i - 1];
    out.push({ ...t, rank: prev && prev.score === t.score && prev.members > 0 === t.members > 0 ? prev.rank : i + 1 });
  });
  return out;
}

/** The team a balanced game puts its next player in: the one with the fewest members, the lowest number on a tie. */
export function smallestTeam(teamCount: number, members: readonly { readonly team: number | null }[]): number {
  const sizes = new Array<number>(teamCount).fill(0);
  for (const m of members) if (m.team !== null && m.team >= 1 && m.team <= teamCount) sizes[m.team - 1]! += 1;
  let best = 0;
  for (let i = 1; i < teamCount; i += 1) if (sizes[i]! < sizes[best]!) best = i;
  return best + 1;
}

/**
 * Word lists of generated names, per interface language: adjectives and animals that make a kind,
 * harmless name in any pair. Spanish and Arabic put the adjective after the animal, and their
 * adjectives agree with every animal of the list (Spanish: adjectives of one form for both genders;
 * Arabic: masculine animals and adjectives).
 */
export const LIVE_NAME_WORDS: Readonly<Record<string, { readonly adjectives: readonly string[]; readonly animals: readonly string[]; readonly adjectiveFirst: boolean }>> = {
  en: {
    adjectiveFirst: true,
    adjectives: ['Brave', 'Swift', 'Happy', 'Clever', 'Calm', 'Bright', 'Jolly', 'Kind', 'Lucky', 'Merry', 'Noble', 'Quick', 'Sunny', 'Witty', 'Bold', 'Cosy', 'Eager', 'Gentle', 'Keen', 'Lively', 'Mighty', 'Proud', 'Zesty', 'Chirpy', 'Dandy', 'Fuzzy', 'Nimble', 'Plucky', 'Smiley', 'Spry'],
    animals: ['Otter', 'Panda', 'Koala', 'Falcon', 'Dolphin', 'Tiger', 'Lion', 'Fox', 'Owl', 'Badger', 'Beaver', 'Bison', 'Camel', 'Eagle', 'Gecko', 'Heron', 'Ibis', 'Lemur', 'Llama', 'Lynx', 'Moose', 'Newt', 'Orca', 'Parrot', 'Penguin', 'Puffin', 'Rabbit', 'Seal', 'Swan', 'Zebra'],
  },
  es: {
    adjectiveFirst: false,
    adjectives: ['Valiente', 'Veloz', 'Feliz', 'Amable', 'Alegre', 'Audaz', 'Genial', 'Brillante', 'Tenaz', 'Ágil', 'Fiel', 'Gentil', 'Leal', 'Capaz', 'Cordial', 'Jovial', 'Noble', 'Fuerte', 'Dulce', 'Libre', 'Sagaz', 'Sutil', 'Formidable', 'Amigable', 'Elegante'],
    animals: ['Nutria', 'Zorro', 'Búho', 'Delfín', 'Tigre', 'León', 'Panda', 'Koala', 'Lince', 'Halcón', 'Pingüino', 'Tortuga', 'Ardilla', 'Conejo', 'Ballena', 'Jirafa', 'Cebra', 'Castor', 'Gacela', 'Loro', 'Colibrí', 'Erizo', 'Foca', 'Mapache', 'Puma', 'Oso', 'Lobo', 'Águila', 'Cisne', 'Camello'],
  },
  ar: {
    adjectiveFirst: false,
    adjectives: ['شجاع', 'سريع', 'ذكي', 'لطيف', 'سعيد', 'هادئ', 'نشيط', 'كريم', 'ظريف', 'مرح', 'قوي', 'حكيم', 'جريء', 'لامع', 'رشيق', 'صبور', 'ودود', 'مبتسم', 'بارع', 'نبيل'],
    animals: ['أسد', 'نمر', 'فهد', 'دب', 'ذئب', 'ثعلب', 'صقر', 'نسر', 'حصان', 'جمل', 'غزال', 'قرد', 'فيل', 'دلفين', 'بطريق', 'طاووس', 'كنغر', 'سنجاب', 'أرنب', 'قنفذ', 'ببغاء', 'حوت', 'تمساح', 'باندا', 'بوم'],
  },
};

/** The languages with a word list (others take English's). */
export const nameLanguage = (language: string | undefined): string => (language && LIVE_NAME_WORDS[language] ? language : 'en');

/** A generated name in a language from two draws in [0, 1). */
export function generatedName(language: string, random: () => number): string {
  const words = LIVE_NAME_WORDS[nameLanguage(language)]!;
  const adjective = words.adjectives[Math.floor(random() * words.adjectives.length)]!;
  const animal = words.animals[Math.floor(random() * words.animals.length)]!;
  return words.adjectiveFirst ? `${adjective} ${animal}` : `${animal} ${adjective}`;
}

/**
 * A generated name not taken in the game (by its key) and free of the operator's blocked words:
 * up to 40 draws, then draws with a number (a game of 2,000 outgrows the pairs of one language's
 * lists). Null only when no draw would do (every pair holds a blocked word).
 */
export function freeGeneratedName(language: string, random: () => number, taken: (key: string) => boolean, blocked: readonly string[]): string | null {
  for (let i = 0; i < 10_000; i += 1) {
    const drawn = generatedName(language, random);
    if (blockedWordIn(drawn, blocked) !== null) continue;
    // After 40 draws every name is likely taken: a number makes it one of its own.
    const name = i < 40 ? drawn : `${drawn} ${2 + Math.floor(random() * (i < 400 ? 98 : 998))}`;
    if ([...name].length <= LIVE_NICKNAME_MAX && !taken(nicknameKey(name))) return name;
  }
  return null;
}
