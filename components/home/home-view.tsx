'use client';

import { ChevronRight, Play } from 'lucide-react';
import Link from 'next/link';
import { Suspense } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { operatorText } from '@/services/client/operator-text';
import { HIGHLIGHTS_HEIGHT, PROGRESS_HEIGHT } from '@/components/home/home-layout';
import type { ModeKey } from '@/components/ui/mode-look';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { MODE_TONE, TONE_BG } from '@/components/ui/tones';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterPaintIdle } from '@/components/ui/use-after-paint-idle';
import { useSystemConfig } from '@/services/client/use-system-config';
import { useAppSelector } from '@/services/store/hooks';
import { selectEnabledModes, selectIsLogin, selectLastLevel, selectUser, selectWebSettings } from '@/services/store/selectors';
import { lazyPart } from '@/components/ui/lazy-part';

// Today's daily quiz with the player's streak, and the live contest with its countdown: they ask
// the server once the page is up, in a box that keeps its height meanwhile.
const HomeHighlights = lazyPart(() => import('@/components/home/home-highlights'));
// The tiles' icons come in their own small chunk, into a circle that is already drawn.
const ModeIcon = lazyPart(() => import('@/components/ui/mode-look'));

// Where the player stands (rank, streak, accuracy), asked once the page is up.
const HomeProgress = lazyPart(() => import('@/components/home/home-progress'));

/**
 * The modes in four groups, so that the first screen is a choice of how to play rather than a
 * list of fifteen: alone, against others, in a contest, or to learn.
 */
export const MODE_GROUPS: readonly { key: 'solo' | 'battle' | 'compete' | 'learn'; modes: readonly ModeKey[] }[] = [
  { key: 'solo', modes: ['quiz_zone', 'daily_quiz', 'true_false', 'guess_the_word', 'multi_match', 'self_challenge'] },
  { key: 'battle', modes: ['random_battle', 'play_with_friend', 'group_battle'] },
  { key: 'compete', modes: ['contest', 'exam', 'live'] },
  { key: 'learn', modes: ['fun_and_learn', 'audio_questions', 'math_mania'] },
];


export function HomeView() {
  const { t } = useTranslation();
  const web = useAppSelector(selectWebSettings);
  const isLogin = useAppSelector(selectIsLogin);
  const modes = useAppSelector(selectEnabledModes);
  const config = useSystemConfig();
  const title = web?.web_header_title || web?.app_name || t('app.name');
  // Empty when the operator cleared it; the shipped default in the interface language.
  const tagline = web ? operatorText('web_tagline', web.web_tagline, t('home.tagline')) : null;
  // Today's highlights and the tiles' icons come once the tiles are painted.
  const extras = useAfterPaintIdle(modes !== null);
  const dailyOn = !!modes?.some((m) => m.key === 'daily_quiz');
  const contestOn = !!modes?.some((m) => m.key === 'contest');
  const highlighted = new Set<ModeKey>(isLogin ? [...(dailyOn ? (['daily_quiz'] as const) : []), ...(contestOn ? (['contest'] as const) : [])] : []);

  return (
    <div className="flex flex-col gap-5">
      {/* The page's name for screen readers and the document outline; the hero below speaks for it on screen. */}
      <h1 className="sr-only">{title}</h1>
      {isLogin ? <ContinueHero /> : <GuestHero title={title} tagline={tagline} />}

      {isLogin && (dailyOn || contestOn) ? (
        extras ? (
          <Suspense fallback={<Skeleton className={HIGHLIGHTS_HEIGHT} />}>
            <HomeHighlights daily={dailyOn} contest={contestOn} />
          </Suspense>
        ) : (
          <Skeleton className={HIGHLIGHTS_HEIGHT} />
        )
      ) : null}

      <section aria-labelledby="modes-heading" className="flex flex-col gap-3">
        <h2 id="modes-heading" className="sr-only">
          {t('home.modes_heading')}
        </h2>
        {config.status === 'error' ? (
          <ErrorWithRetry
            title={t('common.error_title')}
            message={t('home.modes_failed')}
            retryLabel={t('common.retry')}
            onRetry={config.retry}
          />
        ) : !modes ? (
          <div role="status" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <span className="sr-only">{t('common.loading')}</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-16 sm:h-24" />
            ))}
          </div>
        ) : modes.length === 0 ? (
          <EmptyState title={t('home.no_quizzes')} />
        ) : (
          MODE_GROUPS.map((group) => {
            // A mode the highlights above already offer (today's quiz, the running contest) is not offered twice.
            const shown = group.modes.map((key) => modes.find((m) => m.key === key)).filter((m) => m !== undefined && !highlighted.has(m.key));
            if (shown.length === 0) return null;
            return (
              <section key={group.key} aria-labelledby={`group-${group.key}`} className="flex flex-col gap-2">
                <h3 id={`group-${group.key}`} className="text-lg font-bold">
                  {t(`home.group.${group.key}`)}
                </h3>
                <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-mode-tiles>
                  {shown.map((mode) => (
                    <li key={mode!.key} className="flex min-w-0">
                      <Link
                        prefetch={false}
                        href={`${mode!.route}/`}
                        data-mode-tile={mode!.key}
                        className={`group flex min-h-16 min-w-0 flex-1 items-center gap-2 rounded-tile p-2.5 text-white no-underline shadow-chunky motion-safe:transition-transform motion-safe:active:translate-y-0.5 sm:min-h-24 sm:p-4 ${TONE_BG[MODE_TONE[mode!.key]]}`}
                      >
                        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white/20">
                          {extras ? (
                            <Suspense fallback={null}>
                              <ModeIcon mode={mode!.key} className="size-6" />
                            </Suspense>
                          ) : null}
                        </span>
                        <span className="flex min-w-0 flex-col">
                          <span className="font-display text-base font-bold leading-tight break-words">{t(`mode.${mode!.key}.title`)}</span>
                          <span className="sr-only text-sm leading-snug text-white sm:not-sr-only">{t(`mode.${mode!.key}.description`)}</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })
        )}
      </section>

      {isLogin ? (
        extras ? (
          <Suspense fallback={<Skeleton className={PROGRESS_HEIGHT} />}>
            <HomeProgress />
          </Suspense>
        ) : (
          <Skeleton className={PROGRESS_HEIGHT} />
        )
      ) : null}
    </div>
  );
}

/** A guest's hero: what the app is, and the two ways in, side by side. */
function GuestHero({ title, tagline }: { title: string; tagline: string | null }) {
  const { t } = useTranslation();
  return (
    <section className={`flex flex-col gap-4 rounded-tile p-5 text-white shadow-chunky ${TONE_BG.indigo}`}>
      <div className="flex flex-col gap-1">
        <p className="capitalise-first text-sm text-white/90">{t('header.hello_guest')}</p>
        <p className="font-display text-2xl font-bold leading-tight">{title}</p>
        <p dir="auto" className="text-white/90">
          {tagline || t('home.guest_invite')}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Link prefetch={false} href="/auth/sign-up/" className="inline-flex min-h-touch items-center justify-center rounded-full bg-white px-4 font-bold text-tone-indigo no-underline shadow-chunky">
          {t('home.sign_up_action')}
        </Link>
        <Link prefetch={false} href="/auth/login/" className="inline-flex min-h-touch items-center justify-center rounded-full border-2 border-white px-4 font-bold text-white no-underline">
          {t('home.login_action')}
        </Link>
      </div>
    </section>
  );
}

/** A player's hero: the greeting, and the quiz-zone level to go on with (or where to start). */
function ContinueHero() {
  const { t } = useTranslation();
  const { data } = useAppSelector(selectUser);
  const last = useAppSelector(selectLastLevel);
  const greeting = data?.name ? t('header.hello_user', { name: data.name }) : t('header.hello_player');
  const href = last?.href ?? '/quiz-zone/';
  return (
    <section aria-labelledby="continue-title" className={`flex items-center gap-3 rounded-tile p-4 text-white shadow-chunky ${TONE_BG.violet}`}>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="capitalise-first text-sm text-white/90">
          {greeting}
        </p>
        <h2 id="continue-title" className="text-xl font-bold leading-tight">
          {last ? t('home.continue_title') : t('home.start_title')}
        </h2>
        <p dir="auto" className="break-words font-semibold">
          {last ? t('home.continue_level', { place: last.place, level: last.level }) : t('home.start_text')}
        </p>
      </div>
      <Link
        prefetch={false}
        href={href}
        aria-label={last ? t('home.continue_action', { place: last.place, level: last.level }) : t('home.start_action')}
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-white text-tone-violet no-underline shadow-chunky"
      >
        {last ? <Play aria-hidden="true" className="size-7 fill-current rtl:-scale-x-100" /> : <ChevronRight aria-hidden="true" className="size-7 rtl:-scale-x-100" />}
      </Link>
    </section>
  );
}
