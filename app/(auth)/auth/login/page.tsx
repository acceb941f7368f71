import { LoginPlaceholderView } from '@/components/auth/login-placeholder-view';

export default function LoginPage() {
  return <LoginPlaceholderView />;
}
