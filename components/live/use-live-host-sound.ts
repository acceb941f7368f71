'use client';

import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { LiveHostContext } from '@/machines/live-host/live-host.machine';
import type { LiveHostScreen } from '@/components/live/live-host-screens';
import { playGameSound } from '@/services/client/game-sounds';
import { playMusic, stopMusic } from '@/services/client/live-music';
import { useSoundOn } from '@/services/client/use-sound-on';
import { secondsLeft } from '@/services/domain/live';

const MUTED_KEY = 'quiz-arena.live-host-muted';

function storedMuted(): boolean | null {
  try {
    const raw = window.localStorage.getItem(MUTED_KEY);
    return raw === '1' ? true : raw === '0' ? false : null;
  } catch {
    return null;
  }
}

/**
 * The host screen's sound: music while players join and while a question is open, a tick in each
 * of its last five seconds, a chime at the reveal, a fanfare at the podium, a pop when a player
 * arrives. Muted by the host's button (kept by the browser); until the host chooses, it follows the
 * player's sound setting.
 */
export function useLiveHostSound(screen: LiveHostScreen, context: LiveHostContext): [boolean, Dispatch<SetStateAction<boolean>>] {
  const soundOn = useSoundOn();
  const [chosen, setChosen] = useState<boolean | null>(() => (typeof window === 'undefined' ? null : storedMuted()));
  const muted = chosen ?? !soundOn;
  const setMuted: Dispatch<SetStateAction<boolean>> = (next) => {
    const value = typeof next === 'function' ? next(muted) : next;
    setChosen(value);
    try {
      window.localStorage.setItem(MUTED_KEY, value ? '1' : '0');
    } catch {
      // Not kept: the choice holds for this page only.
    }
  };

  const q = context.game?.question ?? null;
  const open = screen === 'question' && q !== null && context.now >= q.opens_at;
  const left = open && q ? secondsLeft(q, context.now) : null;

  useEffect(() => {
    if (muted) stopMusic();
    else if (screen === 'lobby') playMusic('lobby');
    else if (open) playMusic('question');
    else stopMusic();
  }, [muted, screen, open]);
  useEffect(() => () => stopMusic(), []);

  const last = useRef({ screen, players: context.players.length, left });
  useEffect(() => {
    const before = last.current;
    last.current = { screen, players: context.players.length, left };
    if (muted) return;
    if (screen !== before.screen && screen === 'reveal') playGameSound('right');
    else if (screen !== before.screen && screen === 'podium') playGameSound('win');
    else if (screen === 'lobby' && context.players.length > before.players) playGameSound('tap');
    else if (left !== null && left !== before.left && left > 0 && left <= 5) playGameSound('tick');
  }, [muted, screen, context.players.length, left]);

  return [muted, setMuted];
}
