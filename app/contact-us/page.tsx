import { InfoPageView } from '@/components/info-pages/info-page-view';

export default function ContactUsPage() {
  return <InfoPageView type="contact_us" />;
}
