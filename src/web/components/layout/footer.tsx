import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { endSentence } from '@/contract/format';
import { paths } from '@/contract/paths';
import { consentActions } from '@/web/lib/consent-store';
import { getSiteSettings, deliveryDays } from '@/web/lib/site-settings';
import { SealMark } from './logo';
import { InstagramIcon, TikTokIcon, XIcon } from './social-icons';

const QUICK_LINKS: { label: string; to: string; feature?: 'community' | 'quiz' }[] = [
  { label: 'Nominate someone', to: paths.nominate },
  { label: 'Award gallery', to: paths.gallery },
  { label: 'Community wall', to: paths.community, feature: 'community' },
  { label: 'Store', to: paths.store },
  { label: 'Which award are you?', to: paths.quizLanding, feature: 'quiz' },
  { label: 'Certificate designs', to: paths.dynamicTemplates },
];

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Terms of Service', to: paths.termsOfService },
  { label: 'Cookie Policy', to: paths.cookiePolicy },
  { label: 'Refund Policy', to: paths.refundPolicy },
  { label: 'DMCA Policy', to: paths.dmcaPolicy },
  { label: 'Accessibility', to: paths.accessibility },
];

const linkClass = 'text-sm text-[#d9cfc4] hover:text-white hover:underline underline-offset-4';

export function Footer() {
  const settings = getSiteSettings();
  const year = new Date().getFullYear();
  // An empty link is hidden (settings → Contact & social), and so is a section an admin switched off.
  const social = [
    { label: `${settings.brand_name} on TikTok`, href: settings.social.tiktok, Icon: TikTokIcon },
    { label: `${settings.brand_name} on X`, href: settings.social.x, Icon: XIcon },
    { label: `${settings.brand_name} on Instagram`, href: settings.social.instagram, Icon: InstagramIcon },
  ].filter((s) => s.href);
  const quickLinks = QUICK_LINKS.filter((l) => !l.feature || settings.features[l.feature]);
  return (
    <footer className="mt-auto bg-ink text-[#f3ebe2]">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <SealMark />
            <span className="font-display text-2xl font-semibold">{settings.brand_name}</span>
          </div>
          <p className="mt-3 max-w-xs text-sm text-[#d9cfc4]">
            Official-looking recognition for gloriously unofficial achievements. Issued with a straight face since
            whenever you first opened this page.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Social media">
            {social.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-brand-600"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-sans text-sm font-bold tracking-wider text-white uppercase">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2.5">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/sitemap.xml" className={linkClass}>
                Sitemap
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-sans text-sm font-bold tracking-wider text-white uppercase">
            Legal
          </h2>
          <ul className="mt-4 space-y-2.5">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={consentActions.openPreferences} className={`${linkClass} cursor-pointer`}>
                Cookie Preferences
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-bold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-[#d9cfc4]">
            <li>
              <a href={`mailto:${settings.support_email}`} className={`${linkClass} inline-flex items-center gap-2`}>
                <Mail className="size-4" aria-hidden="true" />
                {settings.support_email}
              </a>
            </li>
            <li>We answer Monday to Friday, usually within one business day.</li>
            <li>Printed certificates ship worldwide in {deliveryDays()} business days.</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* sm:pb-20: room for the floating Report Bug button, so at the end of the page it lies over nothing. */}
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-[#cfc4b8] sm:px-6 sm:pb-20">
          © {year} {endSentence(settings.brand_name)} {settings.brand_name} is a subsidiary of {endSentence(settings.company_name)} All certificates are
          novelty items and confer no actual qualifications.
        </p>
      </div>
    </footer>
  );
}
