import { InfoPageView } from '@/components/info-pages/info-page-view';

export default function PrivacyPolicyPage() {
  return <InfoPageView type="privacy_policy" />;
}
