import { ImportView } from '@/components/admin/publishing-views';

export default function AdminImportViewPage() {
  return <ImportView />;
}
