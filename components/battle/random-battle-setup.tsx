'use client';

import { useSelector } from '@xstate/react';
import { Swords } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { refusalText } from '@/components/battle/battle-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { entryFeeFor, type RandomBattleActorRef } from '@/machines/random-battle/random-battle.machine';
import { usePlayerCoins } from '@/components/battle/use-player-coins';

export interface BattleCategory {
  readonly slug: string;
  readonly name: string;
}

/** The random battle's setup: the category (or any), the fee multiplier 1×–4×, and search. */
export function RandomBattleSetup({ actorRef, categories, baseFee }: { actorRef: RandomBattleActorRef; categories: readonly BattleCategory[]; baseFee: number }) {
  const { t } = useTranslation();
  const category = useSelector(actorRef, (s) => s.context.category);
  const multiplier = useSelector(actorRef, (s) => s.context.feeMultiplier);
  const max = useSelector(actorRef, (s) => s.context.maxFeeMultiplier);
  const error = useSelector(actorRef, (s) => s.context.error);
  const feeLegend = useId();
  const balance = usePlayerCoins();
  const options = [{ value: '', label: t('battle.setup.any_category') }, ...categories.map((c) => ({ value: c.slug, label: c.name }))];
  return (
    <Card as="section" aria-labelledby="battle-setup-title" className="flex flex-col gap-4">
      <h1 id="battle-setup-title" className="flex items-center gap-3 text-2xl font-bold">
        <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-tone-rose text-white shadow-chunky">
          <Swords className="size-6" />
        </span>
        {t('mode.random_battle.title')}
      </h1>
      {error ? <Alert>{refusalText(t, error.code)}</Alert> : null}
      {categories.length ? (
        <ChoiceGroup
          id="battle-category"
          label={t('battle.setup.category')}
          value={category ?? ''}
          options={options}
          onChange={(value) => actorRef.send({ type: 'user.category', category: value === '' ? null : value })}
        />
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend id={feeLegend} className="text-sm font-medium text-fg-muted">
          {t('battle.setup.fee')}
        </legend>
        <div role="radiogroup" aria-labelledby={feeLegend} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {Array.from({ length: max }, (_, i) => i + 1).map((m) => {
            // A stake above the balance is shown, not offered (docs/economy.md).
            const short = balance !== null && entryFeeFor(baseFee, m) > balance && m !== multiplier;
            return (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={m === multiplier}
              disabled={short}
              onClick={() => actorRef.send({ type: 'user.fee', multiplier: m })}
              className={`flex min-h-touch flex-col items-center justify-center rounded-control border px-3 py-2 disabled:cursor-not-allowed disabled:border-dashed disabled:bg-surface-muted disabled:text-fg-muted ${m === multiplier ? 'border-accent bg-accent-soft ring-2 ring-accent' : 'border-line-strong bg-surface hover:bg-surface-muted'}`}
            >
              <span className="font-bold">{t('battle.setup.multiplier', { multiplier: m })}</span>
              <span className="text-sm">{t('battle.coins', { coins: entryFeeFor(baseFee, m), count: entryFeeFor(baseFee, m) })}</span>
            </button>
            );
          })}
        </div>
        <p className="text-sm text-fg-muted">
          {t('battle.setup.fee_hint')}
          {balance !== null ? ` ${t('battle.your_coins', { coins: balance, count: balance })}` : ''}
        </p>
      </fieldset>
      <Button className="min-h-14 w-full text-lg shadow-chunky" onClick={() => actorRef.send({ type: 'user.search' })}>
        {t('battle.setup.search')}
      </Button>
    </Card>
  );
}
