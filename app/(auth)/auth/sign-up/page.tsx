'use client';

import { SignUpView } from '@/components/auth/sign-up-view';
import { WithSearchParam } from '@/components/auth/with-search-param';

export default function SignUpPage() {
  return <WithSearchParam name="ref" render={(ref) => <SignUpView referCode={ref} />} />;
}
