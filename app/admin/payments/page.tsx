import { PaymentsView } from '@/components/admin/payments-view';

export default function AdminPaymentsPage() {
  return <PaymentsView />;
}
