/**
 * The certificate as SVG: the one drawing every other output is made from.
 */
import { resolveTemplate, toView, type CertificateData, type CertificateView, type TemplateSlug } from './certificate-data';
import { PAGE_H, PAGE_W } from './svg-kit';
import { classicParchment } from './templates/classic-parchment';
import { goldFoil } from './templates/gold-foil';
import { kidsCrayon } from './templates/kids-crayon';
import { modernMinimal } from './templates/modern-minimal';
import { retro } from './templates/retro';
import type { CertificateLayout, CertificateTemplate } from './templates/template';
import { escapeXml } from './xml';

const TEMPLATES: Record<TemplateSlug, CertificateTemplate> = {
  'classic-parchment': classicParchment,
  'modern-minimal': modernMinimal,
  'gold-foil': goldFoil,
  retro,
  'kids-crayon': kidsCrayon,
};

export interface CertificateDrawing {
  template: TemplateSlug;
  view: CertificateView;
  /** Accessible title (plain text; escape before use). */
  title: string;
  /** Title + drawing, to be wrapped in an <svg> with viewBox 0 0 2970 2100. */
  inner: string;
  /**
   * The same drawing in two layers, for the raster renders (backdrop.ts): `frame` (the template's defs and its
   * unchanging ground) and `overlay` (the defs and everything drawn after the ground). The overlay drawn over the
   * frame is `inner` drawn at once.
   */
  layers: { frame: string; overlay: string };
  layout: CertificateLayout;
}

/** Draws the certificate and reports how the user text was fitted (font sizes, lines). */
export function drawCertificate(data: CertificateData, templateSlug: string): CertificateDrawing {
  const template = resolveTemplate(templateSlug);
  const view = toView(data);
  const { content, backdrop, layout } = TEMPLATES[template](view);
  const ground = backdrop.defs + backdrop.frame;
  if (!content.startsWith(ground)) throw new Error(`Template ${template}: the backdrop is not where the drawing starts`);
  const title = accessibleTitle(view);
  return {
    template,
    view,
    title,
    inner: `<title>${escapeXml(title)}</title>${content}`,
    layers: { frame: ground, overlay: backdrop.defs + content.slice(ground.length) },
    layout,
  };
}

/**
 * The root element. `width`/`height` set the intrinsic size (the print
 * render asks for 3508×2480 px; the aspect differs from the viewBox by
 * 0.02 %, so we stretch rather than leave a hairline gap).
 */
export function certificateRoot(d: CertificateDrawing, size?: { width: number; height: number }): string {
  const w = size?.width ?? PAGE_W;
  const h = size?.height ?? PAGE_H;
  const par = size ? ' preserveAspectRatio="none"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${PAGE_W} ${PAGE_H}"${par} role="img" lang="en" data-template="${d.template}">${d.inner}</svg>`;
}

/**
 * Rows `[y, y + rows)` of the page drawn at `size`, as an SVG of that band alone (`size.width` × `rows` pixels): the
 * same drawing, its viewBox cut to the band, so each pixel lands where it does on the whole page (exactly where `y`
 * is a whole unit of the drawing).
 */
export function certificateBand(d: CertificateDrawing, size: { width: number; height: number }, y: number, rows: number): string {
  const units = (px: number) => (px * PAGE_H) / size.height;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${rows}" viewBox="0 ${units(y)} ${PAGE_W} ${units(rows)}" preserveAspectRatio="none" data-template="${d.template}">${d.inner}</svg>`;
}

/**
 * The rows at which a band of the page drawn at `size` starts on a whole unit of the drawing: every multiple of this
 * (2480 px : 2100 units = 124 : 105, so every 124 rows), where `certificateBand` lands each pixel exactly.
 */
export function bandAlignment(size: { height: number }): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return size.height / gcd(size.height, PAGE_H);
}

function accessibleTitle(v: CertificateView): string {
  return `${v.brand} certificate ${v.number}: ${v.title}, awarded to ${v.nominee} on ${v.dateLong}`;
}

/** Landscape A4-proportioned certificate (viewBox 0 0 2970 2100, 1 unit = 0.1 mm). */
export function renderCertificateSvg(data: CertificateData, templateSlug: string): string {
  return certificateRoot(drawCertificate(data, templateSlug));
}
