import { AssignmentsRoute } from '@/components/live/assignment-route';

/** /live/assignments/ (the host's assignments and a new one), /live/assignments/?id=12 (one, with its pupils and report). */
export default async function AssignmentsHostPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const { id } = await searchParams;
  return <AssignmentsRoute {...(typeof id === 'string' && /^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : {})} />;
}
