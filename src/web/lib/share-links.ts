/**
 * Share targets for a certificate: each network's documented "intent" URL with the text and link
 * encoded, so nothing a nominator typed can break out of the query string.
 */
export interface ShareInput {
  /** Absolute URL of the public certificate page. */
  url: string;
  nominee: string;
  awardTitle: string;
  /** The line to share instead of the certificate's (a quiz result says it its own way). */
  text?: string;
  /** The mail subject instead of the certificate's. */
  subject?: string;
  /** What the email's link line says before the URL ("See the certificate:"). */
  linkLabel?: string;
}

export type ShareTarget = 'x' | 'facebook' | 'whatsapp' | 'email';

/** One line that reads well in a chat preview: who, what, and a deadpan punchline. */
export function shareText({ nominee, awardTitle, text }: Pick<ShareInput, 'nominee' | 'awardTitle' | 'text'>): string {
  return text ?? `${nominee} has been officially recognised: ${awardTitle}. The committee's decision is final.`;
}

export function shareSubject({ nominee, awardTitle, subject }: Pick<ShareInput, 'nominee' | 'awardTitle' | 'subject'>): string {
  return subject ?? `${nominee} has been awarded ${awardTitle}`;
}

const enc = encodeURIComponent;

export function shareUrl(target: ShareTarget, input: ShareInput): string {
  const text = shareText(input);
  switch (target) {
    case 'x':
      return `https://x.com/intent/tweet?text=${enc(text)}&url=${enc(input.url)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(input.url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${enc(`${text} ${input.url}`)}`;
    case 'email':
      // mailto wants %20 for spaces (URLSearchParams would write "+", which mail apps show literally).
      return `mailto:?subject=${enc(shareSubject(input))}&body=${enc(`${text}\n\n${input.linkLabel ?? 'See the certificate:'} ${input.url}`)}`;
  }
}

export const SHARE_TARGETS: { target: ShareTarget; label: string }[] = [
  { target: 'x', label: 'X' },
  { target: 'facebook', label: 'Facebook' },
  { target: 'whatsapp', label: 'WhatsApp' },
  { target: 'email', label: 'Email' },
];

/** The data for navigator.share, or null when the browser has no share sheet (or refuses this data). */
export function nativeShareData(input: ShareInput, nav: Partial<Navigator> | undefined = globalThis.navigator): ShareData | null {
  if (!nav || typeof nav.share !== 'function') return null;
  const data: ShareData = { title: shareSubject(input), text: shareText(input), url: input.url };
  if (typeof nav.canShare === 'function' && !nav.canShare(data)) return null;
  return data;
}
