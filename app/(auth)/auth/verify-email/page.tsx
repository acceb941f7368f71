'use client';

import { VerifyEmailView } from '@/components/auth/verify-email-view';
import { WithSearchParam } from '@/components/auth/with-search-param';

export default function VerifyEmailPage() {
  return <WithSearchParam name="token" render={(token) => <VerifyEmailView token={token} />} />;
}
