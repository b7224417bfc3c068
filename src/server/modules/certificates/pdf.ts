/**
 * The certificate as a one-page A4 landscape PDF drawn in vectors (docs/decisions/114): the same SVG as every
 * other output, converted by svg-to-pdfkit into PDFKit drawing operators — paths, gradients, patterns and text on
 * paths as they are — with the brand's fonts embedded (subsets) and the text as real text: selectable, searchable,
 * read aloud. About 30–140 KB instead of 0.3–1.8 MB for a 300 DPI raster, and drawn in a fraction of the time.
 *
 * Our SVG names faces by a font stack and a numeric weight; svg-to-pdfkit only knows "bold or not", so each face
 * becomes a family name of its own here (`display-600i`), registered with the very font files resvg draws with and
 * the text measurer fits with (lib/fonts.ts). Award emblems are drawn as paths (inline-emblems.ts); an award picture
 * (PNG) stays a picture, as does an emblem that is not flat art (drawn by resvg into a PNG at 300 DPI).
 *
 * Metadata dates are the issue date and nothing else varies, so the same certificate always gives the same bytes.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { CertificateDrawing } from './certificate-svg';
import { certificateRoot } from './certificate-svg';
import { DISPLAY_STACK, FACES, SANS_STACK, faceKey, fontFor, type FontFace } from '@/server/lib/fonts';
import { inlineEmblems } from './inline-emblems';
import { rasterize } from './raster';

/** A4 landscape in PostScript points (297 × 210 mm). */
export const A4_LANDSCAPE_PT: [number, number] = [841.89, 595.28];

const FAMILY_PREFIX = 'cert-';
const pdfFamily = (face: FontFace) => `${FAMILY_PREFIX}${faceKey(face)}`;
const FACE_BY_FAMILY = new Map(FACES.map((face) => [pdfFamily(face), face]));
const FALLBACK_FACE: FontFace = { family: 'sans', weight: 400 };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `font-family="<stack>" font-weight="600" font-style="italic"` exactly as lib/fonts.ts's faceAttrs writes it. */
const FACE_ATTRS = new RegExp(`font-family="(${escapeRegExp(DISPLAY_STACK)}|${escapeRegExp(SANS_STACK)})" font-weight="(\\d+)"( font-style="italic")?`, 'g');

/** Our faces as family names svg-to-pdfkit passes through to `fontCallback` untouched. */
export function pdfFaces(svg: string): string {
  return svg.replace(FACE_ATTRS, (_, stack: string, weight: string, italic: string | undefined) => {
    const face: FontFace = { family: stack === DISPLAY_STACK ? 'display' : 'sans', weight: Number(weight) as FontFace['weight'], ...(italic ? { italic: true } : {}) };
    return `font-family="${pdfFamily(FACE_BY_FAMILY.has(pdfFamily(face)) ? face : FALLBACK_FACE)}"`;
  });
}

/** SVG pictures left after inlining (an emblem that is not flat art) as 300 DPI PNGs, which PDFKit can embed. */
async function svgImagesAsPng(svg: string): Promise<string> {
  const found = [...svg.matchAll(/<image\b[^>]*?\swidth="([\d.]+)"[^>]*?\shref="(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+)"/g)];
  let out = svg;
  for (const [, width, href] of found) {
    // Page units are 0.1 mm: width / 254 inches at 300 DPI.
    const px = Math.max(1, Math.min(2048, Math.round((Number(width) / 254) * 300)));
    const inner = Buffer.from(href!.slice(href!.indexOf(',') + 1), 'base64').toString('utf8');
    const png = (await rasterize(inner, px)).asPng();
    out = out.replace(href!, `data:image/png;base64,${png.toString('base64')}`);
  }
  return out;
}

/** The drawing as SVG ready for svg-to-pdfkit: faces named per weight, emblems as paths. */
export async function pdfSvg(drawing: CertificateDrawing): Promise<string> {
  const { svg, kept } = inlineEmblems(certificateRoot(drawing));
  const faced = pdfFaces(svg);
  return kept > 0 ? svgImagesAsPng(faced) : faced;
}

export interface PdfDrawOutcome {
  pdf: Buffer;
  /** What svg-to-pdfkit could not draw (an unknown element or picture): empty for every template. */
  warnings: string[];
}

export async function buildPdf(drawing: CertificateDrawing): Promise<PdfDrawOutcome> {
  const view = drawing.view;
  const issued = new Date(`${view.dateIso}T00:00:00Z`);
  const [w, h] = A4_LANDSCAPE_PT;
  const svg = await pdfSvg(drawing);
  const doc = new PDFDocument({
    size: [w, h],
    margin: 0,
    compress: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${view.title} — ${view.nominee}`,
      Author: view.brand,
      Subject: `${view.brand} certificate ${view.number}`,
      Keywords: [view.brand, 'certificate', view.number].join(' '),
      Creator: `${view.brand} certificate renderer`,
      Producer: 'PDFKit',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // The fonts are parsed once per process (lib/fonts.ts); each document embeds the subset it uses.
  const registered = new Set<string>();
  const fontName = (family: string): string => {
    const name = FACE_BY_FAMILY.has(family.trim()) ? family.trim() : pdfFamily(FALLBACK_FACE);
    if (!registered.has(name)) {
      doc.registerFont(name, fontFor(FACE_BY_FAMILY.get(name)!) as unknown as Buffer);
      registered.add(name);
    }
    return name;
  };
  const warnings: string[] = [];
  SVGtoPDF(doc as unknown as typeof PDFDocument, svg, 0, 0, {
    width: w,
    height: h,
    // The 2970 × 2100 viewBox fills the page (its aspect differs from A4 in points by 0.002 %).
    preserveAspectRatio: 'none',
    assumePt: true,
    precision: 3,
    fontCallback: (family: string) => fontName(family),
    warningCallback: (message: string) => warnings.push(message),
  });
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), warnings };
}
