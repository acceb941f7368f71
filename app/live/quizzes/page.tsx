import { QuizSetsRoute } from '@/components/live/quiz-sets-route';

/** /live/quizzes/ ("My quizzes"), /live/quizzes/?set=12 (edit one), /live/quizzes/?set=new (a new one). */
export default async function QuizSetsPage({ searchParams }: { searchParams: Promise<{ set?: string }> }) {
  const { set } = await searchParams;
  const setId = set === 'new' ? ('new' as const) : typeof set === 'string' && /^[1-9]\d{0,9}$/.test(set) ? Number(set) : undefined;
  return <QuizSetsRoute {...(setId !== undefined ? { setId } : {})} />;
}
