import type { CertificateView } from '../certificate-data';
import type { FittedText } from '../text-fit';

/** What the fitted user text came out as — for callers that want to know, and for tests. */
export interface CertificateLayout {
  nominee: FittedText;
  title: FittedText;
  citation: FittedText;
  nominator: FittedText;
}

export interface TemplateOutput {
  /** Everything inside the root <svg>: <defs> and the drawing. */
  content: string;
  /**
   * The page's unchanging ground: `content` starts with `defs + frame`, and `frame` draws the paper, borders and
   * ornaments that do not depend on the certificate's own text. The raster renders draw it once per process and
   * only the rest over it (backdrop.ts); `defs` are drawn with both.
   */
  backdrop: { defs: string; frame: string };
  layout: CertificateLayout;
}

export type CertificateTemplate = (view: CertificateView) => TemplateOutput;

/** Ids inside a certificate are prefixed so a certificate can be nested in another SVG (the share image). */
export const ID = 'cert-';
