/**
 * One-page A4 landscape PDF with the 300 DPI print render filling the page.
 *
 * The pixels come straight from resvg: we drop the alpha channel (every
 * template paints an opaque background) and deflate them with Node's native
 * zlib into a DeviceRGB image XObject — much faster than re-decoding a PNG
 * in JavaScript. Metadata dates are the issue date, so the same certificate
 * always produces the same bytes.
 */
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { PDFDocument, PDFName, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { RenderedImage } from '@resvg/resvg-js';
import type { CertificateView } from './certificate-data';

/** A4 landscape in PostScript points (297 × 210 mm). */
const deflateAsync = promisify(deflate);

export const A4_LANDSCAPE_PT: [number, number] = [841.89, 595.28];

function rgbFromRgba(rgba: Buffer): Buffer {
  const pixels = rgba.length / 4;
  const rgb = Buffer.allocUnsafe(pixels * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i] as number;
    rgb[j + 1] = rgba[i + 1] as number;
    rgb[j + 2] = rgba[i + 2] as number;
  }
  return rgb;
}

export async function buildPdf(image: RenderedImage, view: CertificateView, awardedTo: string): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `${view.title} — ${awardedTo}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(view.brand);
  doc.setSubject(`${view.brand} certificate ${view.number}`);
  doc.setKeywords([view.brand, 'certificate', view.number]);
  doc.setCreator(`${view.brand} certificate renderer`);
  doc.setProducer('pdf-lib');
  doc.setLanguage('en');
  doc.setCreationDate(new Date(`${view.dateIso}T00:00:00Z`));
  doc.setModificationDate(new Date(`${view.dateIso}T00:00:00Z`));

  const [w, h] = A4_LANDSCAPE_PT;
  const page = doc.addPage([w, h]);
  const compressed = await deflateAsync(rgbFromRgba(image.pixels), { level: 6 }); // zlib runs on the thread pool
  const stream = doc.context.stream(compressed, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: 'DeviceRGB',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
    Interpolate: true,
  });
  const ref = doc.context.register(stream);
  page.node.setXObject(PDFName.of('Certificate'), ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(w, 0, 0, h, 0, 0), drawObject('Certificate'), popGraphicsState());
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}
