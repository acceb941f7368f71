'use client';

import { Check, Download, MessageCircle, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { OptionMark } from '@/components/ui/option-button';
import { Pager } from '@/components/ui/pager';
import { SkeletonText } from '@/components/ui/skeleton';
import { Tabs, tabId, tabPanelId } from '@/components/ui/tabs';
import { formatDateTime } from '@/components/profile/format';
import { reportStatusKey } from '@/components/live/report-status';
import { teamName, TeamSwatch } from '@/components/live/team-badge';
import { useTranslation } from '@/services/client/i18n';
import { liveReport, liveReportCsv, saveTextFile } from '@/services/client/live-report-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { answerText, percent, seconds, LIVE_REPORT_PARTS, type LiveReport, type LiveReportPart, type LiveReportPlayer, type LiveReportQuestion } from '@/services/domain/live-report';
import { isUngraded } from '@/services/domain/live-kinds';

/** Players a page of the report shows (a game may have 2,000). */
export const REPORT_PLAYERS_PAGE = 50;

/**
 * A live game's report (docs/live.md, Reports): per question how many answered, the share right and
 * the mean time; per player the place, the score and every answer; the CSV files. The host's page
 * (/live/reports/?game=…) and the console's (/admin/live/?game=…) show the same view.
 */
export function LiveReportView({ gameId, backHref, backLabel }: { gameId: number; backHref: string; backLabel: string }) {
  const { t } = useTranslation();
  const query = useApiQuery(`live-report:${gameId}`, () => liveReport(gameId), () => false);
  return (
    <section className="flex flex-col gap-4" aria-busy={query.status === 'loading' || undefined}>
      <BackLink href={backHref} label={backLabel} />
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={8} />
      ) : query.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('live.report.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      ) : query.status === 'empty' ? (
        <EmptyState title={t('live.report.not_found')} />
      ) : (
        <Report report={query.data} />
      )}
    </section>
  );
}

function Report({ report }: { report: LiveReport }) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<'questions' | 'players'>('questions');
  const [saving, setSaving] = useState<LiveReportPart | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const g = report.game;
  const answered = report.questions.reduce((n, q) => n + q.answered, 0);
  const right = report.questions.reduce((n, q) => n + q.correct, 0);
  const download = async (part: LiveReportPart) => {
    setSaving(part);
    setSaveFailed(false);
    const file = await liveReportCsv(g.id, part);
    setSaving(null);
    if (file.ok) saveTextFile(file.data.file_name, file.data.csv);
    else setSaveFailed(true);
  };

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl leading-tight font-bold sm:text-3xl">{g.title}</h1>
        <p className="text-fg-muted">
          {t('live.report.hosted', { name: g.host.name, when: formatDateTime(g.started_at ?? g.created_at, i18n.language) })} · {t(reportStatusKey(g))}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Figure label={t('live.report.players')} value={String(report.players.filter((p) => !p.removed).length)} />
        <Figure label={t('live.report.questions_played')} value={t('live.report.of', { n: g.played, total: g.question_count })} />
        <Figure label={t('live.report.right_overall')} value={answered > 0 ? `${percent(right / answered)}%` : '—'} />
      </dl>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('live.report.downloads')}>
        {LIVE_REPORT_PARTS.map((part) => (
          <Button key={part} variant="secondary" disabled={saving !== null} onClick={() => void download(part)}>
            <Download aria-hidden="true" className="size-5" />
            {t(`live.report.csv_${part}`)}
          </Button>
        ))}
      </div>
      {saveFailed ? <Alert>{t('live.report.csv_failed')}</Alert> : null}
      <Tabs
        label={t('live.report.parts')}
        idPrefix="live-report"
        tabs={[
          { id: 'questions', label: t('live.report.by_question') },
          { id: 'players', label: t('live.report.by_player') },
        ]}
        selected={tab}
        onSelect={(id) => setTab(id as 'questions' | 'players')}
      />
      <div id={tabPanelId('live-report')} role="tabpanel" aria-labelledby={tabId('live-report', tab)} className="flex flex-col gap-3">
        {tab === 'questions' ? (
          report.questions.length === 0 ? (
            <EmptyState title={t('live.report.no_questions')} />
          ) : (
            <ol className="flex flex-col gap-3">
              {report.questions.map((q) => (
                <QuestionRow key={q.index} question={q} />
              ))}
            </ol>
          )
        ) : report.players.length === 0 ? (
          <EmptyState title={t('live.report.no_players')} />
        ) : (
          <Players report={report} />
        )}
      </div>
    </>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse rounded-card border border-line bg-surface p-3">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="font-display text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export function QuestionRow({ question }: { question: LiveReportQuestion }) {
  const { t } = useTranslation();
  const share = question.share_right;
  const ungraded = isUngraded(question.type);
  return (
    <li>
      <Card as="article" className="flex flex-col gap-2">
        <h2 className="text-lg leading-snug font-bold" dir="auto">
          <span className="text-fg-muted tabular-nums">{question.index + 1}. </span>
          {question.text}
        </h2>
        <p className="text-sm font-semibold text-fg-muted">
          {t(`live.quizzes.kind_${question.type}`)}
          {question.time_limit === 0 ? ` · ${t('live.no_time_limit')}` : ''}
        </p>
        {ungraded ? null : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-fg-muted">{t('live.report.right_answer')}</span>
              <span className="font-semibold text-success" dir="auto">
                {answerText(question, question.answer)}
              </span>
            </p>
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-surface-muted">
                <span className="block h-full rounded-full bg-success" style={{ width: `${(share ?? 0) * 100}%` }} />
              </span>
              <span className="font-bold tabular-nums">{share === null ? '—' : t('live.report.share_right', { percent: percent(share) })}</span>
            </div>
          </>
        )}
        {question.type === 'poll' && question.answered > 0 ? (
          <ul className="flex flex-col gap-1" aria-label={t('live.host.chart')}>
            {question.options.map((o) => {
              const n = question.counts[o.key] ?? 0;
              return (
                <li key={o.key} className="flex items-center gap-2 text-sm">
                  <OptionMark letter={o.key.toUpperCase()} />
                  <span className="min-w-0 flex-1 truncate" dir="auto">
                    {o.text}
                  </span>
                  <span className="font-bold tabular-nums">{n}</span>
                </li>
              );
            })}
          </ul>
        ) : null}
        <p className="text-sm text-fg-muted">
          {t('live.report.answered', { count: question.answered })} · {ungraded ? '' : `${t('live.report.correct', { count: question.correct })} · `}
          {question.mean_time_ms === null ? t('live.report.no_time') : t('live.report.mean_time', { seconds: seconds(question.mean_time_ms) })}
        </p>
      </Card>
    </li>
  );
}

/** The players (or pupils) of a report, a page at a time, with the teams when there are some. */
export function Players({ report }: { report: Pick<LiveReport, 'players' | 'questions' | 'teams'> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const pages = Math.ceil(report.players.length / REPORT_PLAYERS_PAGE);
  const shown = report.players.slice(page * REPORT_PLAYERS_PAGE, (page + 1) * REPORT_PLAYERS_PAGE);
  return (
    <>
      {report.teams.length > 0 ? (
        <section aria-labelledby="live-report-teams" className="flex flex-col gap-2">
          <h2 id="live-report-teams" className="text-lg font-bold">
            {t('live.host.teams')}
          </h2>
          <ol className="flex flex-col gap-1">
            {report.teams.map((team) => (
              <li key={team.team} data-report-team={team.team} className="flex min-h-touch items-center gap-3 rounded-card border border-line bg-surface px-4 py-2">
                <span className="w-8 text-center font-display text-lg font-bold tabular-nums">{team.rank}</span>
                <TeamSwatch team={team.team} className="size-5" />
                <span dir="auto" className="min-w-0 flex-1 truncate font-semibold">{teamName(t, team.team)}</span>
                <span className="text-sm text-fg-muted">{t('live.host.players', { count: team.members })}</span>
                <span className="font-bold tabular-nums">{t('live.points', { count: team.score })}</span>
              </li>
            ))}
          </ol>
          <p className="text-sm text-fg-muted">{t('live.host.team_score_hint')}</p>
        </section>
      ) : null}
      <ol className="flex flex-col gap-2">
        {shown.map((p) => (
          <PlayerRow key={p.id} player={p} questions={report.questions} />
        ))}
      </ol>
      <Pager page={page} pageCount={pages} onPage={setPage} labels={{ nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next'), position: t('pager.position', { page: page + 1, count: pages }) }} />
    </>
  );
}

function PlayerRow({ player, questions }: { player: LiveReportPlayer; questions: readonly LiveReportQuestion[] }) {
  const { t } = useTranslation();
  const byIndex = new Map(player.answers.map((a) => [a.index, a]));
  return (
    <li>
      <details className="group rounded-card border border-line bg-surface">
        <summary className="flex min-h-touch cursor-pointer list-none items-center gap-3 px-4 py-2">
          <span className="w-8 text-center font-display text-lg font-bold tabular-nums">{player.rank ?? '—'}</span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-semibold" dir="auto">
              {player.nickname}
            </span>
            <span className="text-sm text-fg-muted">
              {player.removed ? t('live.report.removed') : player.signed_in ? t('live.report.signed_in') : t('live.report.guest')}
              {player.team !== null ? ` · ${teamName(t, player.team)}` : ''} · {t('live.report.right_of', { correct: player.correct, count: questions.length })}
            </span>
          </span>
          <span className="font-bold tabular-nums">{t('live.points', { count: player.score })}</span>
        </summary>
        <ol className="flex flex-col gap-1 border-t border-line px-4 py-2" aria-label={t('live.report.answers_of', { nickname: player.nickname })}>
          {questions.map((q) => {
            const a = byIndex.get(q.index);
            return (
              <li key={q.index} className="flex items-center gap-2 py-1 text-sm">
                <span className="w-6 text-fg-muted tabular-nums">{q.index + 1}.</span>
                {a ? (
                  <>
                    {isUngraded(q.type) ? (
                      <MessageCircle aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
                    ) : a.correct ? (
                      <Check aria-hidden="true" className="size-5 shrink-0 text-success" />
                    ) : (
                      <X aria-hidden="true" className="size-5 shrink-0 text-danger" />
                    )}
                    <span className="sr-only">{isUngraded(q.type) ? t('live.counted') : a.correct ? t('live.right') : t('live.wrong')}</span>
                    {q.type === 'multiple' || q.type === 'boolean' || q.type === 'poll' ? <OptionMark letter={a.answer.toUpperCase()} /> : null}
                    <span className="min-w-0 flex-1 truncate align-with-row" dir="auto">
                      {answerText(q, a.answer)}
                    </span>
                    <span className="tabular-nums">{t('live.points_won', { count: a.points + a.bonus })}</span>
                    <span className="w-14 text-end text-fg-muted tabular-nums">{t('live.report.seconds', { seconds: seconds(a.time_ms) })}</span>
                  </>
                ) : (
                  <span className="flex-1 text-fg-muted">{t('live.no_answer')}</span>
                )}
              </li>
            );
          })}
        </ol>
      </details>
    </li>
  );
}
