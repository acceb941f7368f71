import { randomBytes, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import {
  LIVE_DEFAULT_MAX_PLAYERS,
  LIVE_HOST_ABANDON_MS,
  blockedWordIn,
  blockedWordsOf,
  checkNickname,
  makeLivePin,
  nicknameKey,
  type LiveGameView,
  type LiveMe,
} from '@/services/domain/live';
import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import { freeGeneratedName, nameLanguage, smallestTeam, type LiveEntry, type LiveNameMode, type LiveTeamMode } from '@/services/domain/live-names';

import type { AuthUser } from '@/services/server/accounts/sessions';
import { hitRateLimit, RATE_LIMITS, rateLimited, settingLimit, undoRateLimitHit } from '@/services/server/accounts/rate-limit';
import { hashToken } from '@/services/server/accounts/sessions';
import type { Db } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { createAnswerBatcher, createSettleBatcher, createStepBatcher, type AnswerBatcher, type SettleBatcher, type StepBatcher } from '@/services/server/live/group-commit';
import { LiveGame, realClock, type LiveClock } from '@/services/server/live/game';
import { LiveHeldElsewhere } from '@/services/server/live/forward';
import {
  claimGame,
  findRunningByPin,
  insertGame,
  insertPlayer,
  listAnswers,
  listPlayers,
  listUnheldGames,
  readGame,
  RUNNING_STATUSES,
  releaseHolds,
  renewHolds,
  setPlayerToken,
  touchHost,
  type AnswerRow,
  type GameRow,
  type PlayerRow,
} from '@/services/server/live/repository';
import { createLiveRelays, type LiveRelays } from '@/services/server/live/relay';
import { createLiveStreams, type LiveStreams } from '@/services/server/live/streams';
import { listReports, readReport } from '@/services/server/live/reports';
import { pickLiveQuestions, type QuestionPick } from '@/services/server/live/questions';
import type { LiveReport, LiveReportItem } from '@/services/domain/live-report';

/**
 * Hosted live games (docs/live.md): creating, joining, rejoining, the host's screen going and
 * coming back, and the games this process runs. On the embedded database one process runs every
 * game; a server restart resumes each running game from the database. On PostgreSQL several
 * processes share the games: each running game is held by one of them under a lease
 * (`live_games.holder`, `held_until`), and the others send its calls and streams there
 * (services/server/live/forward.ts); a game whose holder stopped is taken up by another.
 */

/** A host's screen gone this long pauses the game (a reload or a dropped connection is not a leave). */
export const HOST_GONE_PAUSE_MS = 10_000;
/** How often games left by their host are looked at. */
const SWEEP_MS = 30_000;
/** A process holds its games this long without renewing; it renews every third of it. */
export const LIVE_LEASE_MS = 15_000;

export interface CreateLiveGame extends QuestionPick {
  title?: string | undefined;
  /** How players are named, and the teams (docs/live.md, "Names and teams"). */
  names?: LiveNameMode;
  teamCount?: number;
  teamMode?: LiveTeamMode;
}

export interface JoinedPlayer {
  game_id: number;
  player_id: number;
  nickname: string;
  /** Kept by the browser: rejoins this player after a reload or a dropped connection. */
  token: string;
  game: LiveGameView;
}

export class LiveService {
  readonly games = new Map<number, LiveGame>();
  readonly streams: LiveStreams;
  /** This process's channels for its phones of games held elsewhere (relay.ts). */
  readonly relays: LiveRelays;
  readonly answers: AnswerBatcher;
  readonly closes: SettleBatcher;
  readonly steps: StepBatcher;
  private readonly hostTimers = new Map<number, ReturnType<typeof setTimeout>>();
  /** Games whose host's screen has not opened since they were created, and since when (this clock). */
  private readonly neverHosted = new Map<number, number>();
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private renewer: ReturnType<typeof setInterval> | null = null;
  private loading = new Map<number, Promise<LiveGame | null>>();
  /**
   * Games another process holds, with when its lease runs out (this process's clock): calls for
   * them go there without asking the database again until then, or until the holder fails to
   * answer or says it does not run the game (`forgetHolder`).
   */
  private readonly elsewhere = new Map<number, { holder: string; until: number }>();
  /** This process's address for the others: it holds its games under this name (LIVE_NODE_URL). */
  private node: string;
  private readonly leaseMs: number;
  /** The server's settings now (a word cloud reads the blocked words from them). */
  private readonly settings?: () => Promise<SettingsMap>;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    readonly clock: LiveClock = realClock,
    options: { heartbeatMs?: number; node?: string; leaseMs?: number; settings?: () => Promise<SettingsMap> } = {},
  ) {
    this.settings = options.settings;
    this.node = options.node ?? `local:${randomBytes(6).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? LIVE_LEASE_MS;
    this.streams = createLiveStreams(options.heartbeatMs ?? 15_000);
    this.relays = createLiveRelays(this.streams);
    this.answers = createAnswerBatcher(db, log);
    this.closes = createSettleBatcher(db, log);
    this.steps = createStepBatcher(db, log);
  }

  /** The address other processes reach this one at (its games' holder); set once it listens. */
  get holder(): string {
    return this.node;
  }

  /** Names this process by its address before it takes up any game (the server, once it listens). */
  holdAs(url: string): void {
    this.node = url.replace(/\/$/, '');
  }

  /** Takes up the running games nobody holds: an open question starts again with a fresh clock. */
  async start(): Promise<void> {
    await this.takeUpUnheld();
    this.sweeper = setInterval(() => void this.sweep().catch((err: unknown) => this.log.error({ err }, 'live sweep failed')), SWEEP_MS);
    this.sweeper.unref();
    this.renewer = setInterval(() => void this.renew().catch((err: unknown) => this.log.error({ err }, 'live leases not renewed')), Math.max(10, Math.floor(this.leaseMs / 3)));
    this.renewer.unref();
  }

  /** Running games without a live holder (after a restart, or their process stopped): this one takes them up. */
  private async takeUpUnheld(): Promise<void> {
    for (const id of await listUnheldGames(this.db)) {
      try {
        const game = await this.load(id);
        // Nobody's screen is connected to this process yet: the host has the pause's grace to come back.
        if (game) this.hostGone(game);
      } catch (err) {
        // Another process took it up first.
        if (!(err instanceof LiveHeldElsewhere)) throw err;
      }
    }
  }

  /**
   * The leases of this process's games, renewed; a game another process took meanwhile (this one
   * hung past its lease) leaves memory, its screens told to reconnect. Then games left without a
   * holder are taken up.
   */
  async renew(): Promise<void> {
    const now = performance.now();
    for (const [id, other] of this.elsewhere) if (other.until <= now) this.elsewhere.delete(id);
    const kept = await renewHolds(this.db, this.node, this.leaseMs);
    for (const game of [...this.games.values()]) {
      if (!game.running || kept.has(game.id)) continue;
      this.log.warn({ game: game.id }, 'live game taken up by another process');
      this.streams.reconnect(game.id);
      this.drop(game);
    }
    await this.takeUpUnheld();
  }

  async stop(): Promise<void> {
    if (this.renewer) clearInterval(this.renewer);
    if (this.sweeper) clearInterval(this.sweeper);
    for (const t of this.hostTimers.values()) clearTimeout(t);
    this.hostTimers.clear();
    await this.answers.drain();
    await this.closes.drain();
    await this.steps.drain();
    for (const game of this.games.values()) game.dispose();
    this.streams.close();
    this.relays.close();
    // Another process takes the games up at once rather than when the leases run out.
    await releaseHolds(this.db, this.node).catch((err: unknown) => this.log.error({ err }, 'live games not let go'));
  }

  /** Games paused because their host left, for longer than 30 minutes, end with their results kept. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const game of [...this.games.values()]) {
      const s = game.state;
      try {
        if (s.paused === 'host_left' && s.pausedAt && now - s.pausedAt.getTime() >= LIVE_HOST_ABANDON_MS) await game.end('abandoned');
        else {
          // A game created through the API whose host's screen never opened is left as well.
          const since = this.neverHosted.get(game.id);
          if (since !== undefined && game.running && this.streams.hostCount(game.id) === 0 && now - since >= LIVE_HOST_ABANDON_MS) await game.end('abandoned');
        }
      } catch (err) {
        // One game that cannot end now does not keep the others from ending: the next sweep tries again.
        this.log.error({ err, game: game.id }, 'live game not ended');
      }
      if (!game.running) this.neverHosted.delete(game.id);
    }
  }

  // ---- hosting ----

  assertMayHost(user: AuthUser, settings: SettingsMap): void {
    if (!flagSetting(settings, 'live_mode')) throw new ApiError('mode_disabled', { detail: 'live games are turned off' });
    const rule = intSetting(settings, 'live_hosting');
    if (rule === 1 && !user.role) throw new ApiError('live_hosting_limited', { detail: 'hosting is limited to editors and admins' });
    if (rule === 2 && user.role !== 'admin') throw new ApiError('live_hosting_limited', { detail: 'hosting is limited to admins' });
  }

  async create(user: AuthUser, settings: SettingsMap, input: CreateLiveGame): Promise<LiveGameView> {
    this.assertMayHost(user, settings);
    const picked = await pickLiveQuestions(this.db, user, settings, input);
    const { questions } = picked;
    const maxPlayers = Math.min(LIVE_DEFAULT_MAX_PLAYERS, intSetting(settings, 'live_max_players'));
    const title = input.title?.trim() || picked.title;
    for (let attempt = 0; attempt < 20; attempt++) {
      const row = await insertGame(this.db, {
        pin: makeLivePin(() => randomInt(0, 2 ** 32) / 2 ** 32),
        hostId: user.id,
        title,
        source: picked.source,
        questions,
        maxPlayers,
        names: input.names ?? 'free',
        teamCount: input.teamCount ?? 0,
        teamMode: input.teamMode ?? 'balanced',
      }, { holder: this.node, leaseMs: this.leaseMs });
      if (row) {
        const game = this.adopt(row, [], []);
        this.neverHosted.set(game.id, this.clock.now());
        return game.view();
      }
    }
    throw new ApiError('122', { detail: 'no free PIN found' });
  }

  /** The host's game, running or finished; refused to anyone else. */
  async hostGame(gameId: number, user: AuthUser): Promise<LiveGame> {
    const game = await this.load(gameId);
    if (!game || game.state.hostId !== user.id) throw new ApiError('102', { field: 'game_id', detail: 'no such game among yours' });
    return game;
  }

  /** The host's screen opened (a stream): the host is back; a game paused because they left stays paused until they resume it. */
  hostStreamOpened(game: LiveGame): void {
    this.neverHosted.delete(game.id);
    const t = this.hostTimers.get(game.id);
    if (t) clearTimeout(t);
    this.hostTimers.delete(game.id);
    void touchHost(this.db, game.id, new Date(this.clock.now())).catch(() => undefined);
  }

  /** A host's stream closed: with none left, the game pauses after a short grace. */
  hostStreamClosed(game: LiveGame): void {
    if (this.streams.hostCount(game.id) === 0) this.hostGone(game);
  }

  private hostGone(game: LiveGame) {
    if (this.hostTimers.has(game.id) || !game.running) return;
    const t = setTimeout(() => {
      this.hostTimers.delete(game.id);
      if (this.streams.hostCount(game.id) > 0 || !game.running || game.state.paused) return;
      void game.pause('host_left').catch((err: unknown) => this.log.error({ err, game: game.id }, 'live game not paused'));
    }, HOST_GONE_PAUSE_MS);
    t.unref();
    this.hostTimers.set(game.id, t);
  }

  // ---- players ----

  /**
   * live_join. Guessing PINs is throttled per address (docs/live.md, "Guessing a PIN"): every join
   * is counted against live_wrong_pins_per_address first, so that guesses sent at once never all
   * slip under the limit, and a join with a running game's PIN is given back. A class joining its
   * game from one address therefore spends nothing; it may take live_seats_per_address seats.
   */
  async join(pin: string, rawNickname: string | undefined, user: AuthUser | null, settings: SettingsMap, ip = '', choice: { team?: number | undefined; language?: string | undefined } = {}): Promise<JoinedPlayer> {
    if (!flagSetting(settings, 'live_mode')) throw new ApiError('mode_disabled', { detail: 'live games are turned off' });
    const row = await this.checkPin(pin, ip, settings);
    const game = await this.load(row.id);
    if (!game || !game.running) throw new ApiError('live_pin_unknown', { field: 'pin', detail: `no game is running with PIN ${pin}` });
    if (game.state.locked) throw new ApiError('live_locked');
    const generated = game.state.names === 'generated';
    const blockedWords = blockedWordsOf(settings);
    let checked: { ok: true; nickname: string } | null = null;
    if (!generated) {
      // A game of generated names takes no typed nickname (and no account's name): the server names each player.
      const wanted = rawNickname ?? user?.name ?? '';
      const read = checkNickname(user && rawNickname === undefined ? [...wanted].slice(0, 20).join('') : wanted);
      if (!read.ok) throw new ApiError('103', { field: 'nickname', detail: `nickname: ${read.reason}` });
      if (blockedWordIn(read.nickname, blockedWords) !== null) throw new ApiError('nickname_blocked', { field: 'nickname', detail: 'this nickname holds a word the operators do not allow' });
      checked = read;
    }
    const { teamCount, teamMode } = game.state;
    if (teamCount > 0 && teamMode === 'choose' && (choice.team === undefined || choice.team < 1 || choice.team > teamCount)) {
      throw new ApiError('103', { field: 'team', detail: `team: choose one of the ${teamCount} teams (1 to ${teamCount})` });
    }
    return game.run(async () => {
      if (user) {
        // A signed-in player joining again (another device, a lost token) is the same player.
        const mine = [...game.players.values()].find((p) => p.userId === user.id);
        if (mine) {
          if (mine.removed) throw new ApiError('live_removed');
          const token = randomBytes(24).toString('base64url');
          await setPlayerToken(this.db, mine.id, hashToken(token));
          game.setToken(mine.id, hashToken(token));
          return { game_id: game.id, player_id: mine.id, nickname: mine.nickname, token, game: game.view() };
        }
      }
      if (!game.running) throw new ApiError('live_over');
      if (game.state.locked) throw new ApiError('live_locked');
      if (game.activeCount >= game.state.maxPlayers) throw new ApiError('live_full', { detail: `this game takes ${game.state.maxPlayers} players` });
      const seats = game.seatsByAddress.get(ip) ?? 0;
      const seatLimit = intSetting(settings, 'live_seats_per_address');
      if (seats >= seatLimit) {
        throw new ApiError('live_full', { detail: `this address has taken ${seats} seats in this game, as many as one address may (live_seats_per_address)` });
      }
      const token = randomBytes(24).toString('base64url');
      const team = teamCount === 0 ? null : teamMode === 'choose' ? choice.team! : smallestTeam(teamCount, game.activePlayers());
      let nickname = checked?.nickname ?? '';
      if (generated) {
        const keys = new Set([...game.players.values()].map((p) => p.nicknameKey));
        const name = freeGeneratedName(nameLanguage(choice.language), () => randomInt(0, 2 ** 32) / 2 ** 32, (key) => keys.has(key), blockedWords);
        if (name === null) throw new ApiError('live_full', { detail: 'no generated name is free in this game' });
        nickname = name;
      }
      const player = await insertPlayer(this.db, {
        gameId: game.id,
        nickname,
        nicknameKey: nicknameKey(nickname),
        userId: user?.id ?? null,
        tokenHash: hashToken(token),
        team,
      });
      if (!player) {
        if (generated) throw new ApiError('nickname_taken', { field: 'nickname', detail: 'the name drawn was taken at the same moment: join again' });
        const checkedNickname = checked!;
        // The nickname of a player the host removed stays theirs, and out of the game.
        const key = nicknameKey(checkedNickname.nickname);
        if ([...game.players.values()].some((p) => p.removed && p.nicknameKey === key)) throw new ApiError('live_removed', { field: 'nickname', detail: `"${checkedNickname.nickname}" was removed from this game by its host` });
        throw new ApiError('nickname_taken', { field: 'nickname', detail: `"${checkedNickname.nickname}" is taken in this game` });
      }
      game.addPlayer(player);
      game.seatsByAddress.set(ip, (game.seatsByAddress.get(ip) ?? 0) + 1);
      return { game_id: game.id, player_id: player.id, nickname: player.nickname, token, game: game.view() };
    });
  }

  /**
   * live_entry: what a phone must ask before joining a game — whether the server names its players
   * and whether it has teams to choose from. Counted against the address's wrong PINs as a join is,
   * so it is no cheaper way of guessing PINs.
   */
  async entry(pin: string, settings: SettingsMap, ip = ''): Promise<LiveEntry> {
    if (!flagSetting(settings, 'live_mode')) throw new ApiError('mode_disabled', { detail: 'live games are turned off' });
    const found = await this.checkPin(pin, ip, settings);
    const row = await readGame(this.db, found.id);
    if (!row || !RUNNING_STATUSES.includes(row.status)) throw new ApiError('live_pin_unknown', { field: 'pin', detail: `no game is running with PIN ${pin}` });
    if (row.locked) throw new ApiError('live_locked');
    return { game_id: row.id, title: row.title, names: row.names, teams: row.teamCount, team_mode: row.teamMode };
  }

  /** Per caller address, the PIN check under way (see `checkPin`). */
  private readonly pinChecks = new Map<string, Promise<void>>();

  /**
   * The running game a PIN names, counted against the address's wrong PINs: the attempt is counted
   * first (so that guesses sent at once never all slip under the limit) and given back when the PIN
   * is right. The checks of one address run one after another in this process, so that a class
   * joining at the same moment from one address never holds more than one count at a time (on
   * several processes, at most one per process).
   */
  private async checkPin(pin: string, ip: string, settings: SettingsMap): Promise<{ id: number }> {
    const before = this.pinChecks.get(ip);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const queued = (before ?? Promise.resolve()).then(() => mine);
    this.pinChecks.set(ip, queued);
    try {
      if (before) await before;
      const now = new Date(this.clock.now());
      const pinRule = settingLimit(RATE_LIMITS.livePinIp, settings, 'live_wrong_pins_per_address');
      const guess = await hitRateLimit(this.db, pinRule, ip, now);
      if (!guess.allowed) {
        throw rateLimited(guess.retryAfterSeconds, `too many wrong PINs from this address; try again in ${guess.retryAfterSeconds} s`);
      }
      const row = await findRunningByPin(this.db, pin);
      if (!row) throw new ApiError('live_pin_unknown', { field: 'pin', detail: `no game is running with PIN ${pin}` });
      await undoRateLimitHit(this.db, pinRule, ip, now);
      return row;
    } finally {
      done();
      if (this.pinChecks.get(ip) === queued) this.pinChecks.delete(ip);
    }
  }

  /** The player a rejoin token names in this game (looked up in memory); a removed player is refused. */
  async player(gameId: number, token: string): Promise<{ game: LiveGame; playerId: number }> {
    const game = await this.load(gameId);
    const held = game?.playerByToken(hashToken(token));
    if (!game || !held) throw new ApiError('live_token_unknown', { field: 'token' });
    if (held.removed) throw new ApiError('live_removed');
    return { game, playerId: held.id };
  }

  // ---- reports ----

  /** The games a player hosted, newest first. */
  reports(user: AuthUser, page: { offset: number; limit: number }): Promise<{ rows: LiveReportItem[]; total: number }> {
    return listReports(this.db, { hostId: user.id, ...page });
  }

  /** Every game (the console's list), newest first. */
  allReports(page: { offset: number; limit: number }): Promise<{ rows: LiveReportItem[]; total: number }> {
    return listReports(this.db, page);
  }

  /** A game's report: its host's, and an admin's (the console); to anyone else it does not exist. */
  async report(user: AuthUser, gameId: number): Promise<LiveReport> {
    const report = await readReport(this.db, gameId);
    if (!report || (report.game.host.id !== user.id && user.role !== 'admin')) throw new ApiError('102', { field: 'game_id', detail: 'no such game among yours' });
    return report;
  }

  async rejoin(gameId: number, token: string): Promise<{ game: LiveGameView; me: LiveMe }> {
    const { game, playerId } = await this.player(gameId, token);
    return { game: game.view(), me: game.me(playerId)! };
  }

  async answer(gameId: number, token: string, questionIndex: number, answer: string, at: number, handledAt: number = at) {
    const { game, playerId } = await this.player(gameId, token);
    return game.answer(playerId, questionIndex, answer, at, handledAt);
  }

  // ---- games in memory ----

  /** The game, from memory or the database (a finished one too, for its last screens). */
  async load(gameId: number): Promise<LiveGame | null> {
    const held = this.games.get(gameId);
    if (held) return held;
    const other = this.elsewhere.get(gameId);
    if (other && other.until > performance.now()) throw new LiveHeldElsewhere(gameId, other.holder);
    let loading = this.loading.get(gameId);
    if (!loading) {
      loading = (async () => {
        // A running game is this process's to run only once it holds it.
        const claim = await claimGame(this.db, gameId, this.node, this.leaseMs);
        if (claim.running && !claim.claimed && claim.holder) {
          this.elsewhere.set(gameId, { holder: claim.holder, until: performance.now() + claim.leftMs });
          throw new LiveHeldElsewhere(gameId, claim.holder);
        }
        this.elsewhere.delete(gameId);
        const row = await readGame(this.db, gameId);
        if (!row) return null;
        const [players, answers] = await Promise.all([listPlayers(this.db, gameId), row.currentIndex >= 0 ? listAnswers(this.db, gameId, row.currentIndex) : Promise.resolve([])]);
        const game = this.adopt(row, players, answers);
        // A running game is out of memory only after a restart: its open question starts again.
        if (game.running) await game.restartQuestion();
        return game;
      })().finally(() => this.loading.delete(gameId));
      this.loading.set(gameId, loading);
    }
    return loading;
  }

  /** The process this one sends the game's calls to without asking the database, if it knows one. */
  heldElsewhere(gameId: number): string | null {
    const other = this.elsewhere.get(gameId);
    return other && other.until > performance.now() ? other.holder : null;
  }

  /** `holder` is not to be taken for the game's holder any more: the next call asks the database. */
  forgetHolder(gameId: number, holder: string): void {
    if (this.elsewhere.get(gameId)?.holder === holder) this.elsewhere.delete(gameId);
  }

  /** A game out of this process's memory (finished, or run by another process now), with its timers. */
  private drop(game: LiveGame) {
    this.games.delete(game.id);
    this.neverHosted.delete(game.id);
    const t = this.hostTimers.get(game.id);
    if (t) clearTimeout(t);
    this.hostTimers.delete(game.id);
    game.dispose();
  }

  private adopt(row: GameRow, players: readonly PlayerRow[], answers: readonly AnswerRow[]): LiveGame {
    const existing = this.games.get(row.id);
    if (existing) return existing;
    const outlet = this.streams;
    const game = new LiveGame(row, players, answers, {
      db: this.db,
      sink: this.answers,
      settle: this.closes,
      steps: this.steps,
      clock: this.clock,
      ...(this.settings ? { blockedWords: () => this.settings!().then(blockedWordsOf) } : {}),
      outlet: {
        version: (g, withMe) => outlet.version(g, withMe),
        counts: (g) => outlet.counts(g),
        flushCounts: (g) => outlet.flushCounts(g),
        player: (g, item, change) => outlet.player(g, item, change),
        me: (g, id) => outlet.me(g, id),
        answered: (g, id) => outlet.answered(g, id),
        closed: (g) => {
          outlet.closed(g);
          // Finished games leave memory; their last screens are read again from the database.
          this.drop(g);
        },
      },
    });
    if (game.running) this.games.set(row.id, game);
    // A word cloud on screen after a restart hides the blocked words as it did before.
    if (game.question?.type === 'wordcloud') void game.refreshBlocked().catch(() => undefined);
    return game;
  }
}
