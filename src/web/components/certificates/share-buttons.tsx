import { Mail, Share2 } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { XIcon } from '@/web/components/layout/social-icons';
import { trackEvent } from '@/web/lib/analytics';
import { nativeShareData, SHARE_TARGETS, shareUrl, type ShareInput, type ShareTarget } from '@/web/lib/share-links';
import { cn } from '@/web/lib/utils';
import { FacebookIcon, WhatsAppIcon } from './brand-icons';

const ICONS: Record<ShareTarget, ComponentType<{ className?: string }>> = {
  x: XIcon,
  facebook: FacebookIcon,
  whatsapp: WhatsAppIcon,
  email: Mail,
};

const TONE: Record<ShareTarget, string> = {
  x: 'hover:bg-ink hover:text-white hover:border-ink',
  facebook: 'hover:bg-[#1877f2] hover:text-white hover:border-[#1877f2]',
  whatsapp: 'hover:bg-[#128c4a] hover:text-white hover:border-[#128c4a]',
  email: 'hover:bg-brand-600 hover:text-white hover:border-brand-600',
};

/** Share to X, Facebook, WhatsApp, email — and the device's own share sheet where there is one. */
export function ShareButtons({ input, className }: { input: ShareInput; className?: string }) {
  // Phones (and some desktops) have a share sheet with every app on the device: offer it first.
  const [native] = useState(() => nativeShareData(input));
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Share">
      {native ? (
        <li>
          <button
            type="button"
            onClick={() => {
              trackEvent('certificate_shared', { channel: 'native' });
              void navigator.share(native).catch(() => undefined);
            }}
            className="inline-flex h-11 items-center gap-2 rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-ink-soft"
          >
            <Share2 className="size-4" aria-hidden="true" />
            Share…
          </button>
        </li>
      ) : null}
      {SHARE_TARGETS.map(({ target, label }) => {
        const Icon = ICONS[target];
        return (
          <li key={target}>
            <a
              href={shareUrl(target, input)}
              {...(target === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              aria-label={target === 'email' ? 'Share by email' : `Share on ${label} (opens in a new tab)`}
              data-share={target}
              onClick={() => trackEvent('certificate_shared', { channel: target })}
              className={cn(
                'inline-flex h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold text-ink transition-colors',
                TONE[target],
              )}
            >
              <Icon className="size-4" />
              {label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
