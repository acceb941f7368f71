import { EXAM_MODEL_CONFIGS, examModelPaths, type ExamModelConfigName } from '@/machines/exam/exam.model';
import type { PathLike } from '@/tests/paths/registry';
import { examViewPaths } from '@/tests/paths/exam-paths';
import { groupViewPaths } from '@/tests/paths/group-battle-paths';
import { VIEW_CONFIGS, viewPaths } from '@/tests/paths/quiz-play-paths';
import { randomViewPaths } from '@/tests/paths/random-battle-paths';

/**
 * The paths each view suite plays through the real views (a selection of the model's paths:
 * every state value and every event once), by machine and configuration: for `npm run paths`.
 */
export function viewPathsOf(machine: string, config: string): readonly PathLike[] {
  switch (machine) {
    case 'quiz-play':
      return (VIEW_CONFIGS as readonly string[]).includes(config) ? viewPaths(config as (typeof VIEW_CONFIGS)[number]) : [];
    case 'exam':
      return config in EXAM_MODEL_CONFIGS ? examViewPaths(examModelPaths(config as ExamModelConfigName)) : [];
    case 'random-battle':
      return randomViewPaths().filter((p) => (p.steps[0]!.state.context.reload ? 'reload' : 'fresh') === config);
    case 'group-battle':
      return config === 'group' || config === 'friend' ? groupViewPaths(config) : [];
    default:
      return [];
  }
}
