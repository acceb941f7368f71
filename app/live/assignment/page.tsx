import { AssignmentRoute } from '@/components/live/assignment-route';

/** /live/assignment/ (and /live/assignment/?pin=123456, the assignment's link and QR code): a pupil plays an assignment. */
export default async function AssignmentPlayPage({ searchParams }: { searchParams: Promise<{ pin?: string }> }) {
  const { pin } = await searchParams;
  return <AssignmentRoute {...(typeof pin === 'string' && /^[1-9]\d{5}$/.test(pin) ? { pin } : {})} />;
}
