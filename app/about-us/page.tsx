import { InfoPageView } from '@/components/info-pages/info-page-view';

export default function AboutUsPage() {
  return <InfoPageView type="about_us" />;
}
