'use client';

import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { usePlayerCoins } from '@/components/battle/use-player-coins';
import { refusalText } from '@/components/battle/battle-text';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { TextField } from '@/components/ui/text-field';
import type { GroupBattleActorRef } from '@/machines/group-battle/group-battle.machine';
import { ROOM_CODE_LENGTH } from '@/services/domain/rooms';

export interface RoomFormChoices {
  /** Numbers of questions offered (default 5, 10, 15, 20). */
  readonly questionCounts?: readonly number[];
  /** Entry fees offered, in coins (default 0, 5, 10, 20, 50). */
  readonly entryFees?: readonly number[];
}

const QUESTION_COUNTS = [5, 10, 15, 20];
const ENTRY_FEES = [0, 5, 10, 20, 50];
/** The choices offered, with the form's current value in its place when it is not one of them. */
const withCurrent = (list: readonly number[], current: number) => (list.includes(current) ? list : [...list, current].sort((a, b) => a - b));

/** Create a room: category, number of questions, entry fee. */
export function CreateRoomForm({ actorRef, categories, choices = {} }: { actorRef: GroupBattleActorRef; categories: readonly BattleCategory[]; choices?: RoomFormChoices }) {
  const { t } = useTranslation();
  const balance = usePlayerCoins();
  const form = useSelector(actorRef, (s) => s.context.form);
  const error = useSelector(actorRef, (s) => s.context.error);
  // A friend room plays the random battle's number of questions: the server takes no choice.
  const choosesQuestions = useSelector(actorRef, (s) => s.context.roomType === 'group');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actorRef.send({ type: 'user.submit' });
  };
  return (
    <Card as="section" aria-labelledby="create-room-title">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <h1 id="create-room-title" className="text-2xl font-bold">
          {t('battle.create.title')}
        </h1>
        {error ? <Alert>{refusalText(t, error.code)}</Alert> : null}
        {categories.length ? (
          <ChoiceGroup
            id="room-category"
            label={t('battle.setup.category')}
            value={form.category ?? ''}
            options={[{ value: '', label: t('battle.setup.any_category') }, ...categories.map((c) => ({ value: c.slug, label: c.name }))]}
            onChange={(value) => actorRef.send({ type: 'user.category', category: value === '' ? null : value })}
          />
        ) : null}
        {choosesQuestions ? (
          <ChoiceGroup
            id="room-questions"
            columns={4}
            label={t('battle.create.questions')}
            value={String(form.questions)}
            options={withCurrent(choices.questionCounts ?? QUESTION_COUNTS, form.questions).map((n) => ({ value: String(n), label: t('battle.create.questions_option', { count: n }) }))}
            onChange={(value) => actorRef.send({ type: 'user.questions', count: Number(value) })}
          />
        ) : null}
        <ChoiceGroup
          id="room-fee"
          columns={3}
          label={t('battle.setup.fee')}
          value={String(form.entryFee)}
          options={withCurrent(choices.entryFees ?? ENTRY_FEES, form.entryFee).map((n) => ({
            value: String(n),
            label: n === 0 ? t('battle.create.free') : t('battle.coins', { coins: n, count: n }),
            // A stake above the balance is shown, not offered (docs/economy.md).
            disabled: balance !== null && n > balance && n !== form.entryFee,
          }))}
          hint={balance !== null ? t('battle.your_coins', { coins: balance, count: balance }) : undefined}
          onChange={(value) => actorRef.send({ type: 'user.fee', fee: Number(value) })}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit">{t('battle.create.submit')}</Button>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.back' })}>
            {t('battle.back')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Join a room by its code; the refusals show under the field in the spec's words. */
export function JoinRoomForm({ actorRef }: { actorRef: GroupBattleActorRef }) {
  const { t } = useTranslation();
  const code = useSelector(actorRef, (s) => s.context.code);
  const error = useSelector(actorRef, (s) => s.context.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actorRef.send({ type: 'user.submit' });
  };
  return (
    <Card as="section" aria-labelledby="join-room-title">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <h1 id="join-room-title" className="text-2xl font-bold">
          {t('battle.join.title')}
        </h1>
        <TextField
          id="room-code"
          label={t('battle.join.code')}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ROOM_CODE_LENGTH + 4}
          hint={t('battle.join.hint', { length: ROOM_CODE_LENGTH })}
          error={error ? refusalText(t, error.code) : undefined}
          onChange={(e) => actorRef.send({ type: 'user.code', code: e.target.value })}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit">{t('battle.join.submit')}</Button>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.back' })}>
            {t('battle.back')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
