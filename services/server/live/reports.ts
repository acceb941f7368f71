import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rankPlayers, type LiveQuestionType, type LiveStatus } from '@/services/domain/live';
import { hasOptionTiles, isUngraded, rightAnswerText } from '@/services/domain/live-kinds';
import { rankTeams } from '@/services/domain/live-names';
import type { LiveReport, LiveReportItem, LiveReportPlayer, LiveReportQuestion } from '@/services/domain/live-report';
import { liveGames, livePlayers, users } from '@/services/server/db/schema';
import { listAnswers, listPlayers, readGame, type AnswerRow, type Conn } from '@/services/server/live/repository';

/**
 * Live games' reports (docs/live.md, Reports), read from what the games stored: the game, its
 * players with their totals, and every answer. A finished game's rows never change again, so a
 * report read twice is the same report.
 */

/**
 * How many of a game's questions were played (closed), from where the game stands: the question on
 * screen counts once it closed, so no report tells an open question's answer, not even to its host.
 */
export const playedCount = (status: LiveStatus, currentIndex: number) => (status === 'lobby' ? 0 : status === 'question' ? currentIndex : currentIndex + 1);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A poll and a word cloud have no right answer: no share right. */
const ungradedShare = <T extends { share_right: number | null }>(type: LiveQuestionType, summary: T): T => (isUngraded(type) ? { ...summary, share_right: null } : summary);

/** What a question's answers add up to: answered, right, mean time, and the picks per option. */
export function summariseAnswers(answers: readonly Pick<AnswerRow, 'answer' | 'correct' | 'elapsedMs'>[], countsPicks: boolean) {
  const counts: Record<string, number> = {};
  let correct = 0;
  let time = 0;
  for (const a of answers) {
    if (a.correct) correct += 1;
    time += a.elapsedMs;
    if (countsPicks) for (const key of a.answer.split(',').filter(Boolean)) counts[key] = (counts[key] ?? 0) + 1;
  }
  const answered = answers.length;
  return { answered, correct, share_right: answered > 0 ? correct / answered : null, mean_time_ms: answered > 0 ? Math.round(time / answered) : null, counts };
}

/** A game's report, or null when there is no such game. */
export async function readReport(db: Conn, gameId: number): Promise<LiveReport | null> {
  const game = await readGame(db, gameId);
  if (!game) return null;
  const [host, players, answers] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.id, game.hostId)).limit(1),
    listPlayers(db, gameId),
    listAnswers(db, gameId),
  ]);
  const played = Math.min(playedCount(game.status, game.currentIndex), game.questions.length);
  const byQuestion = new Map<number, AnswerRow[]>();
  const byPlayer = new Map<number, AnswerRow[]>();
  for (const a of answers) {
    if (a.questionIndex >= played) continue;
    let q = byQuestion.get(a.questionIndex);
    if (!q) byQuestion.set(a.questionIndex, (q = []));
    q.push(a);
    let p = byPlayer.get(a.playerId);
    if (!p) byPlayer.set(a.playerId, (p = []));
    p.push(a);
  }

  const questions: LiveReportQuestion[] = game.questions.slice(0, played).map((q, index) => ({
    index,
    type: q.type,
    text: q.text,
    image: q.image,
    options: q.options,
    answer: rightAnswerText(q),
    time_limit: q.time_limit,
    points: q.points,
    ...ungradedShare(q.type, summariseAnswers(byQuestion.get(index) ?? [], hasOptionTiles(q.type) && q.type !== 'sequence')),
  }));

  const ranked = rankPlayers(players.filter((p) => !p.removed).map((p) => ({ id: p.id, score: p.score, time_ms: Number(p.timeMs) })));
  const rankOf = new Map(ranked.map((r) => [r.id, r.rank]));
  const order = new Map(ranked.map((r, i) => [r.id, i]));
  const reportPlayers: LiveReportPlayer[] = players
    .map((p) => ({
      id: p.id,
      nickname: p.nickname,
      signed_in: p.userId !== null,
      removed: p.removed,
      rank: rankOf.get(p.id) ?? null,
      score: p.score,
      correct: p.correct,
      answered: p.answered,
      time_ms: Number(p.timeMs),
      team: p.team,
      answers: (byPlayer.get(p.id) ?? []).map((a) => ({ index: a.questionIndex, answer: a.answer, correct: a.correct, points: a.points, bonus: a.bonus, time_ms: a.elapsedMs })),
    }))
    .sort((a, b) => (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);

  return {
    game: {
      id: game.id,
      title: game.title,
      pin: game.pin,
      status: game.status,
      ended_reason: game.endedReason,
      host: { id: game.hostId, name: host[0]?.name ?? '' },
      created_at: game.createdAt.toISOString(),
      started_at: iso(game.startedAt),
      finished_at: iso(game.finishedAt),
      question_count: game.questions.length,
      played,
      names: game.names,
      team_count: game.teamCount,
    },
    questions,
    players: reportPlayers,
    // Teams by the mean of their members' scores, as the podium ranked them (removed players aside).
    teams: rankTeams(game.teamCount, players.filter((p) => !p.removed)),
  };
}

/** Games, newest first: a host's own (`hostId`), or everyone's (the console), a page at a time. */
export async function listReports(db: Conn, input: { hostId?: number; offset: number; limit: number }): Promise<{ rows: LiveReportItem[]; total: number }> {
  const where: SQL | undefined = input.hostId === undefined ? undefined : eq(liveGames.hostId, input.hostId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: liveGames.id,
        title: liveGames.title,
        status: liveGames.status,
        endedReason: liveGames.endedReason,
        hostId: liveGames.hostId,
        hostName: users.name,
        createdAt: liveGames.createdAt,
        finishedAt: liveGames.finishedAt,
        currentIndex: liveGames.currentIndex,
        questions: sql<number>`jsonb_array_length(${liveGames.questions})::int`,
        players: sql<number>`(select count(*)::int from ${livePlayers} lp where lp.game_id = ${liveGames.id})`,
      })
      .from(liveGames)
      .innerJoin(users, eq(users.id, liveGames.hostId))
      .where(where)
      .orderBy(desc(liveGames.createdAt), desc(liveGames.id))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(liveGames).where(and(where)),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status as LiveStatus,
      ended_reason: r.endedReason,
      host: { id: r.hostId, name: r.hostName },
      created_at: r.createdAt.toISOString(),
      finished_at: iso(r.finishedAt),
      question_count: Number(r.questions),
      played: Math.min(playedCount(r.status as LiveStatus, r.currentIndex), Number(r.questions)),
      player_count: Number(r.players),
    })),
    total: Number(totals[0]?.n ?? 0),
  };
}
