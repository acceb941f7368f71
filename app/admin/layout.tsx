import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ConsoleFrame } from '@/components/admin/console-frame';

export const metadata: Metadata = { title: 'Console · Quiz Arena', robots: { index: false } };

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <ConsoleFrame>{children}</ConsoleFrame>;
}
