import { OtpVerifyView } from '@/components/auth/otp-verify-view';

export default function OtpVerifyPage() {
  return <OtpVerifyView />;
}
