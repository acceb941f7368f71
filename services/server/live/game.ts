import { foldText, gradeLiveAnswer, maxAnswerLength, readLiveAnswer, rightAnswerText, SLIDER_BINS, sliderBin, TYPED_ANSWERS_SHOWN, WORD_CLOUD_WORDS } from '@/services/domain/live-kinds';
import {
  blockedWordIn,
  LIVE_GET_READY_MS,
  LIVE_LEADERBOARD_SIZE,
  livePoints,
  rankPlayers,
  streakBonus,
  type LiveGameView,
  type LiveMe,
  type LivePause,
  type LivePlayerItem,
  type LiveQuestion,
  type LiveReveal,
  type LiveSecretQuestion,
  type LiveStanding,
} from '@/services/domain/live';
import { rankTeams, type LiveTeamStanding } from '@/services/domain/live-names';
import type { Db } from '@/services/server/db/client';
import { arrivalsPendingBefore, waitForArrivalsBefore } from '@/services/server/gateway/arrival';
import { ApiError } from '@/services/server/gateway/api-error';
import { recordLiveStatistics, writeStep, setRemoved, type AnswerRow, type GameChange, type GameRow, type PlayerRow, type SettleItem, type StepItem } from '@/services/server/live/repository';

/**
 * One running live game in the process that holds it (docs/live.md, "How a game runs"). Its state
 * mirrors the database: every step is written (one guarded update, with the players' scores in the
 * same transaction at a close) before anything is shown, and every answer is stored by the answer
 * batcher (group commit) before it is counted. Steps run one after another (a queue per game);
 * answers are checked at once against the state in memory, at the instant they reached the server.
 */

/** Where the game's frames go: the streams of its host and its players (services/server/live/streams.ts). */
export interface LiveOutlet {
  /**
   * A new version of the game: one frame for every screen of the game. `withMe`: each phone gets
   * its own player's `me` frame in the same write (a close changes every player's score).
   */
  version(game: LiveGame, withMe?: boolean): void;
  /** The host's live figures changed (an answer counted, a player joined or went). */
  counts(game: LiveGame): void;
  /** Writes at once a counts frame still waiting for the turn to end (before a step that holds the database). */
  flushCounts(game: LiveGame): void;
  /** A player joined or was removed (the host's lobby list). */
  player(game: LiveGame, item: LivePlayerItem, change: 'joined' | 'removed'): void;
  /** What one player sees of themselves changed. */
  me(game: LiveGame, playerId: number): void;
  /**
   * A player's answer was taken. The screen that sent it learns so from the call's reply; the
   * player's other screens, if it has more than one open, get its `me` frame.
   */
  answered(game: LiveGame, playerId: number): void;
  /** The game is over and out of memory: its streams end after the last frame. */
  closed(game: LiveGame): void;
}

export interface AnswerSink {
  /** Stores an answer (group commit); true when it was stored now, false when it was already there. */
  add(row: AnswerRow): Promise<boolean>;
}

export interface StepSink {
  /** Writes a step (group commit with other games' steps); true when it went through over its version. */
  add(item: StepItem): Promise<boolean>;
}

export interface SettleSink {
  /** Writes a question's close (group commit with other games' closes); true when its step went through. */
  add(item: SettleItem): Promise<boolean>;
}

export interface LiveClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: LiveClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface PlayerState extends PlayerRow {
  rank: number | null;
  last: LiveMe['last'];
}

export class LiveGame {
  state: GameRow;
  readonly players = new Map<number, PlayerState>();
  /**
   * Seats taken in this game per caller's address (live_seats_per_address). Kept in memory by the
   * process that holds the game, where every join is decided; a game taken up after a restart
   * starts counting again.
   */
  readonly seatsByAddress = new Map<string, number>();
  /** Rejoin tokens' hashes → player ids (every answer names its player by token). */
  private readonly byToken = new Map<string, number>();
  /** Answers to the question on screen, stored. */
  readonly answers = new Map<number, AnswerRow>();
  /** Answers on their way to the database. */
  private readonly pending = new Map<number, Promise<boolean>>();
  /** Picks per option letter of the question on screen. */
  counts: Record<string, number> = {};
  /** Type answer and word cloud: the texts given to the question on screen, by folded key, with the first way each was written. */
  private words = new Map<string, { text: string; count: number }>();
  /** Slider: answers per tenth of the range, and their sum (for the mean). */
  private bins: number[] = [];
  private sum = 0;
  /** The operator's blocked words (live_blocked_words): a word cloud never shows a word holding one. */
  private blocked: readonly string[] = [];
  /** Set when a close has begun: answers are refused from then on. */
  private closing = false;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: unknown = null;
  private viewCache: { version: number; view: LiveGameView } | null = null;
  private teamCache: { version: number; active: number; teams: LiveTeamStanding[] } | null = null;
  /** Players still in (not removed), kept as they join and go: every answer asks for it. */
  private active = 0;

  constructor(
    row: GameRow,
    players: readonly PlayerRow[],
    answers: readonly AnswerRow[],
    private readonly deps: { db: Db; outlet: LiveOutlet; sink: AnswerSink; settle: SettleSink; steps: StepSink; clock: LiveClock; blockedWords?: () => Promise<readonly string[]> },
  ) {
    this.state = row;
    for (const p of players) {
      this.players.set(p.id, { ...p, rank: null, last: null });
      this.byToken.set(p.tokenHash, p.id);
      if (!p.removed) this.active += 1;
    }
    this.rerank();
    this.resetCounts();
    for (const a of answers) if (a.questionIndex === row.currentIndex) this.countAnswer(a);
    if ((row.status === 'reveal' || row.status === 'leaderboard' || row.status === 'podium' || row.status === 'ended') && row.currentIndex >= 0) {
      // What each player's last answer earned, as the close gave it (read back after a restart).
      for (const p of this.activePlayers()) {
        const a = this.answers.get(p.id);
        p.last = { index: row.currentIndex, correct: Boolean(a?.correct), points: a?.points ?? 0, bonus: a?.bonus ?? 0 };
      }
    }
    // No clock yet: a game taken up from the database restarts its open question (restartQuestion).
  }

  get id() {
    return this.state.id;
  }

  get question(): LiveSecretQuestion | null {
    return this.state.questions[this.state.currentIndex] ?? null;
  }

  activePlayers(): PlayerState[] {
    return [...this.players.values()].filter((p) => !p.removed);
  }

  /** How many players are still in (the same as `activePlayers().length`, without walking them). */
  get activeCount(): number {
    return this.active;
  }

  /**
   * Answers to the question on screen that the host's count shows: those stored and those on
   * their way to the database. The count moves when an answer is received, not when its statement
   * is written (an answer whose statement fails leaves it again with the next count).
   */
  get received(): number {
    return this.answers.size + this.pending.size;
  }

  get running(): boolean {
    return this.state.status === 'lobby' || this.state.status === 'question' || this.state.status === 'reveal' || this.state.status === 'leaderboard';
  }

  /** Resolves once the steps queued so far have run (tests and the bench wait on it). */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** Runs a step after the ones before it. */
  run<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Writes a step over the current version (and what `extra` writes, in one transaction), then shows it. */
  private async step(change: GameChange, extra?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>): Promise<void> {
    const from = this.state.version;
    // One statement needs no transaction of its own: the fewer statements a step holds the
    // database for, the sooner the answers queued behind it are stored (on the embedded database
    // every statement runs on the one thread, and a transaction holds it from BEGIN to COMMIT).
    const ok = extra
      ? await this.deps.db.transaction(async (tx) => {
          await extra(tx);
          return writeStep(tx, this.id, from, change);
        })
      : await this.deps.steps.add({ gameId: this.id, fromVersion: from, change });
    if (!ok) throw new ApiError('live_moved', { detail: `live game ${this.id} changed elsewhere (version ${from})` });
    this.state = { ...this.state, ...change, version: from + 1 };
    this.viewCache = null;
    this.deps.outlet.version(this);
  }

  // ---- the host's commands ----

  /** The next step: lobby → first question; question → closed now; reveal → leaderboard; leaderboard → next question or podium. */
  next(): Promise<LiveGameView> {
    return this.run(async () => {
      this.assertRunning();
      if (this.state.paused) throw new ApiError('live_paused', { detail: 'resume the game first' });
      switch (this.state.status) {
        case 'lobby':
          if (this.active === 0) throw new ApiError('live_no_players', { detail: 'nobody has joined yet' });
          await this.open(0, { startedAt: new Date(this.deps.clock.now()) });
          break;
        case 'question':
          await this.close();
          break;
        case 'reveal':
          await this.showLeaderboard();
          break;
        case 'leaderboard':
          if (this.state.currentIndex + 1 < this.state.questions.length) await this.open(this.state.currentIndex + 1, { lastRanks: this.rememberRanks() });
          else await this.finish('podium', null);
          break;
        default:
          break;
      }
      return this.view();
    });
  }

  pause(reason: LivePause): Promise<LiveGameView> {
    return this.run(async () => {
      this.assertRunning();
      if (this.state.paused) return this.view();
      this.disarm();
      await this.step({ paused: reason, pausedAt: new Date(this.deps.clock.now()) });
      return this.view();
    });
  }

  /** Resumes: an open question's clock goes on from where it stopped. */
  resume(): Promise<LiveGameView> {
    return this.run(async () => {
      this.assertRunning();
      if (!this.state.paused) return this.view();
      const now = this.deps.clock.now();
      const change: GameChange = { paused: null, pausedAt: null, hostSeenAt: new Date(now) };
      if (this.state.status === 'question' && this.state.opensAt && this.state.pausedAt) {
        const stopped = this.state.pausedAt.getTime();
        // Time not yet spent when the pause began is given back from now.
        const shift = now - stopped;
        change.opensAt = new Date(this.state.opensAt.getTime() + Math.max(0, shift));
        if (this.state.deadlineAt) change.deadlineAt = new Date(this.state.deadlineAt.getTime() + Math.max(0, shift));
      }
      await this.step(change);
      this.arm();
      return this.view();
    });
  }

  end(reason: 'host' | 'abandoned'): Promise<LiveGameView> {
    return this.run(async () => {
      if (!this.running) return this.view();
      await this.finish('ended', reason);
      return this.view();
    });
  }

  lock(locked: boolean): Promise<LiveGameView> {
    return this.run(async () => {
      this.assertRunning();
      if (this.state.locked !== locked) await this.step({ locked });
      return this.view();
    });
  }

  remove(playerId: number): Promise<void> {
    return this.run(async () => {
      const player = this.players.get(playerId);
      if (!player) throw new ApiError('102', { field: 'player_id', detail: `no player ${playerId} in this game` });
      if (player.removed) return;
      await setRemoved(this.deps.db, this.id, playerId);
      player.removed = true;
      this.active -= 1;
      this.deps.outlet.player(this, itemOf(player), 'removed');
      this.deps.outlet.me(this, playerId);
      this.deps.outlet.counts(this);
      // Queued after this step: a removal can leave everyone still in having answered.
      void this.closeIfAllAnswered().catch(() => undefined);
    });
  }

  /** After a server restart: an open question starts again with a fresh clock (said on every screen). */
  restartQuestion(): Promise<void> {
    return this.run(async () => {
      if (this.state.status !== 'question' || this.state.paused) return;
      const q = this.question!;
      const opens = this.deps.clock.now() + LIVE_GET_READY_MS;
      this.disarm();
      await this.step({ opensAt: new Date(opens), deadlineAt: deadlineOf(opens, q.time_limit), restarted: true });
      this.arm();
    });
  }

  /**
   * Word cloud: the host hides a word from every screen (or shows it again), by the word as shown;
   * it stays hidden until the next question opens.
   */
  hideWord(word: string, hidden: boolean): Promise<LiveGameView> {
    return this.run(async () => {
      this.assertRunning();
      const q = this.question;
      if (!q || q.type !== 'wordcloud' || (this.state.status !== 'question' && this.state.status !== 'reveal')) {
        throw new ApiError('103', { field: 'word', detail: 'word: only a word cloud on screen has words to hide' });
      }
      const key = foldText(word);
      if (key === '') throw new ApiError('103', { field: 'word', detail: 'word: is required' });
      const now = new Set(this.state.hiddenWords);
      if (hidden) now.add(key);
      else now.delete(key);
      if (now.size !== this.state.hiddenWords.length) await this.step({ hiddenWords: [...now] });
      return this.view();
    });
  }

  /** The operator's blocked words, read again before a word cloud's words are shown. */
  async refreshBlocked(): Promise<void> {
    if (!this.deps.blockedWords) return;
    this.blocked = await this.deps.blockedWords();
    this.viewCache = null;
  }

  // ---- players ----

  /** The player a rejoin token's hash names, or null. */
  playerByToken(tokenHash: string): PlayerState | null {
    const id = this.byToken.get(tokenHash);
    return id === undefined ? null : (this.players.get(id) ?? null);
  }

  /** A player's new token (the same account joining from another device): the old one no longer works. */
  setToken(playerId: number, tokenHash: string): void {
    const p = this.players.get(playerId)!;
    this.byToken.delete(p.tokenHash);
    p.tokenHash = tokenHash;
    this.byToken.set(tokenHash, playerId);
  }

  addPlayer(row: PlayerRow): void {
    const p: PlayerState = { ...row, rank: null, last: null };
    this.players.set(row.id, p);
    this.byToken.set(row.tokenHash, row.id);
    if (!p.removed) this.active += 1;
    this.deps.outlet.player(this, itemOf(p), 'joined');
    this.deps.outlet.counts(this);
  }

  /**
   * An answer that reached the server at `at`: refused unless the question is open then and the
   * player has not answered it; stored (group commit) before it counts.
   */
  /**
   * A player's answer, its call arrived at `at` and decided at `handledAt` (docs/api.md, "The time
   * of an answer"): the deadline and the points go by `at`; whether the question is open yet by
   * `handledAt`.
   */
  async answer(playerId: number, questionIndex: number, raw: string, at: number, handledAt: number = at): Promise<{ question_index: number; answer: string; answered: number }> {
    const player = this.players.get(playerId);
    if (!player || player.removed) throw new ApiError('live_removed');
    const s = this.state;
    if (!this.running) throw new ApiError('live_over');
    if (s.paused) throw new ApiError('live_paused');
    const opens = s.opensAt?.getTime() ?? Infinity;
    const open = s.status === 'question' && questionIndex === s.currentIndex;
    if (questionIndex > s.currentIndex || (open && handledAt < opens)) {
      throw new ApiError('question_not_open', { field: 'question_index', detail: `question ${questionIndex} is not open yet` });
    }
    if (!open || this.closing || (s.deadlineAt !== null && at >= s.deadlineAt.getTime())) {
      throw new ApiError('answer_too_late', { field: 'question_index', detail: `question ${questionIndex} has closed` });
    }
    if (this.answers.has(playerId) || this.pending.has(playerId)) throw new ApiError('already_answered');
    const q = this.question!;
    const shaped = readLiveAnswer(q, raw);
    if (!shaped.ok) throw new ApiError('103', { field: 'answer', detail: `answer: ${shaped.reason}` });
    if (shaped.answer === '') throw new ApiError('103', { field: 'answer', detail: 'answer: is required' });
    const { correct, share } = gradeLiveAnswer(q, shaped.answer);
    const elapsedMs = Math.max(0, at - opens);
    const points = livePoints({ correct, elapsedMs, limitMs: q.time_limit * 1000, points: q.points, worth: share });
    const row: AnswerRow = {
      gameId: this.id,
      questionIndex,
      playerId,
      answer: shaped.answer,
      correct,
      points,
      bonus: correct ? streakBonus(player.streak + 1, q.points) : 0,
      elapsedMs,
    };
    const stored = this.deps.sink.add(row);
    this.pending.set(playerId, stored);
    // The host's count takes the answer in now, while its statement waits to be written.
    this.deps.outlet.counts(this);
    // How many answers were counted with this one: the host's count shows at least that many.
    const answered = this.received;
    let fresh = false;
    try {
      fresh = await stored;
    } finally {
      this.pending.delete(playerId);
      // Not stored (already there, or the statement failed): it leaves the host's count again.
      if (!fresh) this.deps.outlet.counts(this);
    }
    if (!fresh) throw new ApiError('already_answered');
    this.countAnswer(row);
    this.deps.outlet.answered(this, playerId);
    void this.closeIfAllAnswered().catch(() => undefined);
    return { question_index: questionIndex, answer: shaped.answer, answered };
  }

  // ---- views ----

  view(): LiveGameView {
    // Joins and answers do not move the version: the counts are part of the cache's key, or a
    // reply would carry the counts of the last step (two players joined, player_count 0).
    const cached = this.viewCache;
    if (cached && cached.version === this.state.version && cached.view.player_count === this.active && cached.view.answered_count === this.received) return cached.view;
    const s = this.state;
    const q = this.question;
    const showQuestion = q && (s.status === 'question' || s.status === 'reveal');
    const question: LiveQuestion | null = showQuestion
      ? {
          index: s.currentIndex,
          type: q.type,
          text: q.text,
          image: q.image,
          options: q.options,
          ...(q.type === 'multiselect' ? { pick: q.answer.split(',').length } : {}),
          ...(q.slider ? { slider: { min: q.slider.min, max: q.slider.max, step: q.slider.step } } : {}),
          ...(q.type === 'type' || q.type === 'wordcloud' ? { max_length: maxAnswerLength(q.type) } : {}),
          time_limit: q.time_limit,
          points: q.points,
          opens_at: s.opensAt?.getTime() ?? 0,
          deadline_at: s.deadlineAt?.getTime() ?? 0,
          restarted: s.restarted,
        }
      : null;
    const view: LiveGameView = {
      id: s.id,
      pin: s.pin,
      title: s.title,
      status: s.status,
      paused: s.paused,
      locked: s.locked,
      question_count: s.questions.length,
      questions_shown: s.status === 'lobby' ? 0 : Math.max(0, s.currentIndex + 1),
      question,
      reveal: s.status === 'reveal' ? this.reveal() : null,
      standings: s.status === 'leaderboard' ? this.standings(LIVE_LEADERBOARD_SIZE) : s.status === 'podium' || s.status === 'ended' ? this.standings(10) : [],
      player_count: this.active,
      answered_count: this.received,
      team_count: s.teamCount,
      teams: s.teamCount > 0 && (s.status === 'leaderboard' || s.status === 'podium' || s.status === 'ended') ? this.teamStandings() : [],
      names: s.names,
      version: s.version,
    };
    this.viewCache = { version: s.version, view };
    return view;
  }

  me(playerId: number): LiveMe | null {
    const p = this.players.get(playerId);
    if (!p) return null;
    const a = this.answers.get(playerId);
    return {
      player_id: p.id,
      nickname: p.nickname,
      score: p.score,
      rank: p.rank,
      streak: p.streak,
      answer: a && (this.state.status === 'question' || this.state.status === 'reveal') ? a.answer : '',
      answer_index: a && (this.state.status === 'question' || this.state.status === 'reveal') ? this.state.currentIndex : null,
      last: p.last,
      removed: p.removed,
      team: p.team,
      team_rank: p.team === null ? null : (this.teamStandings().find((t) => t.team === p.team)?.rank ?? null),
    };
  }

  /**
   * The teams by the mean of their members' scores (the players still in). Kept per version and
   * count of players: a close sends every phone its own frame, and each asks its team's place.
   */
  teamStandings(): LiveTeamStanding[] {
    const cached = this.teamCache;
    if (cached && cached.version === this.state.version && cached.active === this.active) return cached.teams;
    const teams = rankTeams(this.state.teamCount, this.activePlayers());
    this.teamCache = { version: this.state.version, active: this.active, teams };
    return teams;
  }

  playerItems(): LivePlayerItem[] {
    return this.activePlayers().map(itemOf);
  }

  private reveal(): LiveReveal {
    const q = this.question!;
    let correct = 0;
    for (const a of this.answers.values()) if (a.correct) correct += 1;
    const base: LiveReveal = { index: this.state.currentIndex, answer: q.answer, counts: { ...this.counts }, answered: this.answers.size, correct };
    switch (q.type) {
      case 'type':
        return { ...base, answer_text: rightAnswerText(q), words: this.topWords(TYPED_ANSWERS_SHOWN, false) };
      case 'wordcloud':
        return { ...base, words: this.topWords(WORD_CLOUD_WORDS, true) };
      case 'slider':
        return { ...base, answer_text: rightAnswerText(q), bins: [...this.bins], mean: this.answers.size > 0 ? Math.round((this.sum / this.answers.size) * 100) / 100 : null };
      default:
        return base;
    }
  }

  /** The texts given most, first written form of each; a word cloud leaves out blocked words and those the host hid. */
  private topWords(size: number, cloud: boolean): { text: string; count: number; right?: boolean }[] {
    const hidden = new Set(this.state.hiddenWords);
    const q = this.question!;
    return [...this.words.entries()]
      .filter(([key, w]) => !cloud || (!hidden.has(key) && blockedWordIn(w.text, this.blocked) === null))
      .map(([, w]) => w)
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .slice(0, size)
      .map((w) => (cloud ? { text: w.text, count: w.count } : { text: w.text, count: w.count, right: gradeLiveAnswer(q, w.text).correct }));
  }

  private standings(size: number): LiveStanding[] {
    const last = this.state.lastRanks;
    return this.activePlayers()
      .filter((p) => p.rank !== null)
      .sort((a, b) => a.rank! - b.rank! || a.id - b.id)
      .slice(0, size)
      .map((p) => ({ player_id: p.id, nickname: p.nickname, score: p.score, rank: p.rank!, moved: last[p.id] !== undefined ? last[p.id]! - p.rank! : 0 }));
  }

  // ---- steps ----

  private assertRunning() {
    if (!this.running) throw new ApiError('live_over');
  }

  private async open(index: number, extra: GameChange) {
    const q = this.state.questions[index]!;
    const opens = this.deps.clock.now() + LIVE_GET_READY_MS;
    this.answers.clear();
    this.resetCounts();
    this.closing = false;
    await this.step({ ...extra, status: 'question', currentIndex: index, opensAt: new Date(opens), deadlineAt: deadlineOf(opens, q.time_limit), restarted: false, hiddenWords: [] });
    for (const p of this.players.values()) p.last = null;
    this.arm();
  }

  /** Closes the question on screen: the answers in flight are waited for, then every score moves in one transaction with the step. */
  private async close() {
    if (this.state.status !== 'question') return;
    this.closing = true;
    this.disarm();
    await Promise.allSettled([...this.pending.values()]);
    // The last answers' count reaches the host before the close holds the database.
    this.deps.outlet.flushCounts(this);
    const q = this.question!;
    const index = this.state.currentIndex;
    // Without a time limit, a player who did not answer counts the time the question was open.
    const limitMs = q.time_limit > 0 ? q.time_limit * 1000 : Math.max(0, this.deps.clock.now() - (this.state.opensAt?.getTime() ?? this.deps.clock.now()));
    if (q.type === 'wordcloud') await this.refreshBlocked().catch(() => undefined);
    // The step and every player's score in one statement (settleQuestions, with the closes of
    // other games at the same moment): all or nothing.
    const from = this.state.version;
    if (!(await this.deps.settle.add({ gameId: this.id, fromVersion: from, questionIndex: index, limitMs, points: q.points }))) throw new ApiError('live_moved', { detail: `live game ${this.id} changed elsewhere (version ${from})` });
    this.state = { ...this.state, status: 'reveal', version: from + 1 };
    for (const p of this.activePlayers()) {
      const a = this.answers.get(p.id);
      p.score += a ? a.points + a.bonus : 0;
      // A question worth 0 points (a warm-up) neither carries the streak on nor breaks it.
      if (q.points > 0) p.streak = a?.correct ? p.streak + 1 : 0;
      p.correct += a?.correct ? 1 : 0;
      p.answered += a ? 1 : 0;
      p.timeMs += a ? a.elapsedMs : limitMs;
      p.last = { index, correct: Boolean(a?.correct), points: a ? a.points : 0, bonus: a ? a.bonus : 0 };
    }
    this.rerank();
    this.viewCache = null;
    this.deps.outlet.version(this, true);
  }

  private async showLeaderboard() {
    await this.step({ status: 'leaderboard' });
  }

  /** Podium (played to the end) or ended (by the host, or left by them): the places are kept with the last ranks. */
  private async finish(status: 'podium' | 'ended', reason: 'host' | 'abandoned' | null) {
    this.disarm();
    if (this.state.status === 'question') {
      // Ending during a question closes it first, so its answers count.
      await this.close();
    }
    // The signed-in players' answers go to their statistics in the step's own transaction: once.
    await this.step({ status, endedReason: reason, finishedAt: new Date(this.deps.clock.now()), paused: null, pausedAt: null }, (tx) => recordLiveStatistics(tx, this.id).then(() => undefined));
    for (const p of this.activePlayers()) this.deps.outlet.me(this, p.id);
    this.deps.outlet.closed(this);
  }

  /** Closes the question once everyone still in has answered (queued after the step running now). */
  private closeIfAllAnswered(): Promise<void> {
    // Fewer answers than players still in: not everyone has answered (no walk over the players
    // then, so each answer costs the same in a game of 2,000 as in a game of 4).
    const allIn = () => {
      if (this.active === 0 || this.answers.size < this.active) return false;
      return this.activePlayers().every((p) => this.answers.has(p.id));
    };
    if (this.state.status !== 'question' || this.closing || !allIn()) return Promise.resolve();
    const index = this.state.currentIndex;
    return this.run(async () => {
      if (this.state.status === 'question' && this.state.currentIndex === index && !this.state.paused && allIn()) await this.close();
    });
  }

  private resetCounts() {
    this.counts = {};
    this.words = new Map();
    this.bins = new Array<number>(SLIDER_BINS).fill(0);
    this.sum = 0;
  }

  private countAnswer(a: AnswerRow) {
    this.answers.set(a.playerId, a);
    // Only answers to the question on screen are counted (after one was taken, or when a game is
    // taken up, those with the current index), so there is always a question.
    const q = this.question!;
    if (q.type === 'type' || q.type === 'wordcloud') {
      const key = foldText(a.answer);
      const seen = this.words.get(key);
      if (seen) seen.count += 1;
      else this.words.set(key, { text: a.answer, count: 1 });
      return;
    }
    if (q.type === 'slider') {
      const value = Number(a.answer);
      this.bins[sliderBin(q.slider!, value)]! += 1;
      this.sum += value;
      return;
    }
    for (const letter of a.answer.split(',')) this.counts[letter] = (this.counts[letter] ?? 0) + (q.type === 'sequence' ? 0 : 1);
  }

  private rerank() {
    const ranked = rankPlayers(this.activePlayers().map((p) => ({ id: p.id, score: p.score, time_ms: p.timeMs })));
    for (const r of ranked) this.players.get(r.id)!.rank = r.rank;
  }

  /** The close timer of an open question (not while paused). */
  private arm() {
    this.disarm();
    if (this.state.status !== 'question' || this.state.paused || !this.state.deadlineAt) return;
    const wait = Math.max(0, this.state.deadlineAt.getTime() - this.deps.clock.now());
    const index = this.state.currentIndex;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      const closeIfDue = () =>
        this.run(async () => {
          const s = this.state;
          // Only the deadline it was set for: a question restarted or resumed meanwhile has another.
          if (s.status === 'question' && s.currentIndex === index && !s.paused && s.deadlineAt && s.deadlineAt.getTime() <= this.deps.clock.now()) await this.close();
        }).catch(() => undefined);
      // Answers that reached the server before the deadline are decided first, though admission or
      // a busy turn still holds them (docs/api.md, "The time of an answer"; at most a second).
      const pastDeadline = this.deps.clock.now() - (this.state.deadlineAt?.getTime() ?? this.deps.clock.now());
      if (arrivalsPendingBefore(pastDeadline)) void waitForArrivalsBefore(pastDeadline).then(closeIfDue);
      else void closeIfDue();
    }, wait);
  }

  private disarm() {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops the timers (the process is stopping; the game goes on after a restart). */
  dispose() {
    this.disarm();
  }

  /** Ranks shown at a leaderboard are remembered, so the next one says who moved. */
  rememberRanks(): Record<string, number> {
    return Object.fromEntries(this.activePlayers().filter((p) => p.rank !== null).map((p) => [String(p.id), p.rank!]));
  }
}

/** A question's deadline from its opening: none without a time limit. */
const deadlineOf = (opens: number, timeLimit: number): Date | null => (timeLimit > 0 ? new Date(opens + timeLimit * 1000) : null);

export const itemOf = (p: PlayerRow): LivePlayerItem => ({ id: p.id, nickname: p.nickname, signed_in: p.userId !== null, team: p.team });
