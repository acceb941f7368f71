'use client';

import Link from 'next/link';
import { useTranslation } from '@/services/client/i18n';
import { operatorText } from '@/services/client/operator-text';
import { useAppSelector } from '@/services/store/hooks';
import { selectWebSettings } from '@/services/store/selectors';

const LINKS = [
  { href: '/faq/', key: 'nav.faq' },
  { href: '/about-us/', key: 'nav.about_us' },
  { href: '/contact-us/', key: 'nav.contact_us' },
  { href: '/privacy-policy/', key: 'nav.privacy_policy' },
  { href: '/terms-conditions/', key: 'nav.terms_conditions' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const web = useAppSelector(selectWebSettings);
  // The operator's own line as written; the shipped default in the interface language.
  const footerText = web ? operatorText('web_footer_text', web.web_footer_text, t('footer.text')) : null;

  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-6">
        <nav aria-label={t('footer.links')}>
          <ul className="flex flex-wrap gap-x-1 gap-y-1">
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} prefetch={false} className="inline-flex min-h-touch items-center rounded-control px-3 underline-offset-4 hover:underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {footerText ? (
          // The shipped line is the interface's own text: its direction is the interface language's
          // ("Quiz Arena: العب وتعلّم وتنافس." is right to left though its first word is not); an
          // operator's own line is content, in whatever language they wrote it.
          <p dir={footerText === web?.web_footer_text ? 'auto' : undefined} className="text-sm text-fg-muted">
            {footerText}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
