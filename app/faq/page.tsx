import { InfoPageView } from '@/components/info-pages/info-page-view';

export default function FaqPage() {
  return <InfoPageView type="faq" />;
}
