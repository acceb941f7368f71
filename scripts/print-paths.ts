/**
 * Prints the model-based test paths of every machine: how many, and each path's events.
 * The tests run exactly these paths (machines/<flow>/<flow>.test.ts, and the view paths in
 * tests/paths/quiz-play-views.test.tsx and tests/paths/battle-views.test.tsx).
 *
 *   npx tsx scripts/print-paths.ts            every path
 *   npx tsx scripts/print-paths.ts --counts   the counts only
 */
import { countdownModelPaths } from '@/machines/countdown/countdown.model';
import { lifelinesModelPaths } from '@/machines/lifelines/lifelines.model';
import { MODEL_CONFIGS, quizPlayModelPaths, type ModelConfigName } from '@/machines/quiz-play/quiz-play.model';
import { pathEvents } from '@/machines/testing/paths';
import { viewPaths } from '@/tests/paths/quiz-play-paths';
import { groupBattleModelPaths } from '@/machines/group-battle/group-battle.model';
import { randomBattleModelPaths } from '@/machines/random-battle/random-battle.model';
import { groupViewPaths } from '@/tests/paths/group-battle-paths';
import { randomViewPaths } from '@/tests/paths/random-battle-paths';

type Steps = readonly { event: { type: string } }[];

const countsOnly = process.argv.includes('--counts');
const groups: { name: string; paths: { steps: Steps }[] }[] = [
  { name: 'countdown', paths: countdownModelPaths() },
  { name: 'lifelines', paths: lifelinesModelPaths() },
  ...(Object.keys(MODEL_CONFIGS) as ModelConfigName[]).map((config) => ({ name: `quiz-play (${config})`, paths: quizPlayModelPaths(config) })),
  ...(['quiz_zone', 'self_challenge'] as const).map((config) => ({ name: `quiz-play views (${config})`, paths: viewPaths(config) })),
  ...(['fresh', 'reload'] as const).map((config) => ({ name: `random-battle (${config})`, paths: randomBattleModelPaths(config) })),
  ...(['group', 'friend'] as const).map((config) => ({ name: `group-battle (${config})`, paths: groupBattleModelPaths(config) })),
  { name: 'random-battle views', paths: randomViewPaths() },
  ...(['group', 'friend'] as const).map((config) => ({ name: `group-battle views (${config})`, paths: groupViewPaths(config) })),
];

for (const { name, paths } of groups) {
  console.log(`${name}: ${paths.length} paths`);
  if (countsOnly) continue;
  paths.forEach((p, i) => console.log(`  ${String(i + 1).padStart(3)}. ${pathEvents(p.steps as never) || '(initial state)'}`));
}
console.log(`total: ${groups.reduce((n, g) => n + g.paths.length, 0)} paths`);
