'use client';

import { ResetPasswordView } from '@/components/auth/reset-password-view';
import { WithSearchParam } from '@/components/auth/with-search-param';

export default function ResetPasswordPage() {
  return <WithSearchParam name="token" render={(token) => <ResetPasswordView token={token} />} />;
}
