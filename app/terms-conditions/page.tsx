import { InfoPageView } from '@/components/info-pages/info-page-view';

export default function TermsConditionsPage() {
  return <InfoPageView type="terms_conditions" />;
}
