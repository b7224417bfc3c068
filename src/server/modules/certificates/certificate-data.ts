/**
 * What a certificate shows, and its normalised form for drawing.
 */
import { emblemDataUri, pictureDataUri } from './emblem';
import { cleanText, smartQuotes } from './xml';

/** Cleaned text with typographic quotes, for everything a person reads on the certificate. */
const display = (s: string) => smartQuotes(cleanText(s));

export interface CertificateData {
  /** Short public number, e.g. CF-7Q2K9. */
  certificateNumber: string;
  awardTitle: string;
  awardTagline: string | null;
  awardDescription: string;
  /** Full SVG text of the award's emblem; sanitised and embedded as an image. */
  awardEmblemSvg: string | null;
  /**
   * The admin's uploaded award picture as the render pool drew it (award-picture.ts): a 512 px PNG, base64. Drawn
   * when there is no emblem; absent or null → the emblem, or the medal.
   */
  awardPicturePng?: string | null;
  nomineeName: string;
  /** The nominator's custom line; may be empty (then the award description is the citation). */
  reason: string;
  issuedAt: Date;
  /** null → "Anonymous". */
  nominatorName: string | null;
  /** Absolute URL of the public certificate page; encoded in the QR code. */
  verifyUrl: string;
  /** "Certifiable". */
  brandName: string;
}

export const TEMPLATE_SLUGS = ['classic-parchment', 'modern-minimal', 'gold-foil', 'retro', 'kids-crayon'] as const;
export type TemplateSlug = (typeof TEMPLATE_SLUGS)[number];
export const DEFAULT_TEMPLATE: TemplateSlug = 'classic-parchment';

/** Unknown or missing slugs fall back to Classic Parchment. */
export function resolveTemplate(slug: string | null | undefined): TemplateSlug {
  return (TEMPLATE_SLUGS as readonly string[]).includes(slug ?? '') ? (slug as TemplateSlug) : DEFAULT_TEMPLATE;
}

/** Cleaned, display-ready strings (not yet XML-escaped: the drawing code escapes at the point of output). */
export interface CertificateView {
  brand: string;
  number: string;
  title: string;
  tagline: string | null;
  /** The nominator's reason, or the award description when the reason is empty. */
  citation: string;
  citationIsReason: boolean;
  nominee: string;
  nominator: string;
  /** "22 November 2026" */
  dateLong: string;
  /** "this 22nd day of November 2026" */
  dateFormal: string;
  /** "2026-11-22" */
  dateIso: string;
  verifyUrl: string;
  /** Host shown under the QR code ("certifiable.example"). */
  verifyHost: string;
  /** data: URI of the emblem or of the drawn award picture, or null (a built-in medal is drawn instead). */
  emblemHref: string | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

export function toView(data: CertificateData): CertificateView {
  const issued = data.issuedAt;
  if (!(issued instanceof Date) || Number.isNaN(issued.getTime())) throw new TypeError('CertificateData.issuedAt must be a valid Date');
  // Dates are shown in UTC so a certificate reads the same on every server.
  const day = issued.getUTCDate();
  const month = MONTHS[issued.getUTCMonth()] ?? '';
  const year = issued.getUTCFullYear();
  const reason = display(data.reason ?? '');
  const nominator = display(data.nominatorName ?? '');
  let verifyHost = '';
  try {
    verifyHost = new URL(data.verifyUrl).host;
  } catch {
    verifyHost = '';
  }
  return {
    brand: display(data.brandName) || 'Certifiable',
    number: cleanText(data.certificateNumber),
    title: display(data.awardTitle),
    tagline: data.awardTagline ? display(data.awardTagline) || null : null,
    citation: reason || display(data.awardDescription),
    citationIsReason: Boolean(reason),
    nominee: display(data.nomineeName),
    nominator: nominator || 'Anonymous',
    dateLong: `${day} ${month} ${year}`,
    dateFormal: `this ${ordinal(day)} day of ${month} ${year}`,
    dateIso: issued.toISOString().slice(0, 10),
    verifyUrl: data.verifyUrl,
    verifyHost: cleanText(verifyHost),
    emblemHref: emblemDataUri(data.awardEmblemSvg) ?? pictureDataUri(data.awardPicturePng),
  };
}
