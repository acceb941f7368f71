import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { DocumentPreferencesScript } from '@/components/shell/document-preferences-script';
import { logoSvg } from '@/components/shell/logo-paths';
import { Providers } from '@/components/shell/providers';
import { displayArabic, displayLatin } from './fonts';
import './globals.css';

/**
 * The tab's icon: the app's mark (components/shell/logo-paths.ts) written into the page itself.
 * Without one the browser asks for /favicon.ico on every first load, a request that found nothing
 * and took one of a phone's six connections to this server while the page's scripts waited.
 */
const APP_ICON_URL = `data:image/svg+xml,${encodeURIComponent(logoSvg())}`;

export const metadata: Metadata = {
  title: 'Quiz Arena',
  description: 'Play quizzes, win battles, climb the leaderboards.',
  icons: { icon: [{ url: APP_ICON_URL, type: 'image/svg+xml' }] },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f8fafc' },
    { media: '(prefers-color-scheme: dark)', color: '#0b1120' },
  ],
};

// lang/dir start as the default interface language; the shell (and, before paint, the script)
// switch them to the player's language, hence suppressHydrationWarning on <html>.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" dir="ltr" className={`${displayLatin.variable} ${displayArabic.variable}`} suppressHydrationWarning>
      <head>
        <DocumentPreferencesScript />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
