/**
 * The PDF as it was drawn until docs/decisions/114: one A4 landscape page filled by the 300 DPI print render.
 * Kept only as the comparison line of bench/render-load.ts (the certificates are drawn in vectors, pdf.ts).
 *
 * The pixels come straight from resvg: we drop the alpha channel (every
 * template paints an opaque background) and deflate them with Node's native
 * zlib into a DeviceRGB image XObject — much faster than re-decoding a PNG
 * in JavaScript. Metadata dates are the issue date, so the same certificate
 * always produces the same bytes.
 */
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { CertificateView } from './certificate-data';
import { A4_LANDSCAPE_PT } from './pdf';

/** RGBA pixels of the page, as resvg hands them over. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** 1 MiB of RGBA at a time. */
const CHUNK = 1 << 20;

/**
 * Drops the alpha channel and deflates, a slice at a time: the 300 DPI page is 35 MB of RGBA, and
 * a whole RGB copy beside it would add 26 MB more to the render's peak memory. zlib runs on the
 * thread pool.
 */
async function deflateRgb(rgba: Uint8Array): Promise<Buffer> {
  const deflater = createDeflate({ level: 6 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(deflater, 'end');
  for (let offset = 0; offset < rgba.length; offset += CHUNK) {
    const part = rgba.subarray(offset, Math.min(rgba.length, offset + CHUNK));
    const rgb = Buffer.allocUnsafe((part.length / 4) * 3);
    for (let i = 0, j = 0; i < part.length; i += 4, j += 3) {
      rgb[j] = part[i] as number;
      rgb[j + 1] = part[i + 1] as number;
      rgb[j + 2] = part[i + 2] as number;
    }
    if (!deflater.write(rgb)) await once(deflater, 'drain');
  }
  deflater.end();
  await ended;
  return Buffer.concat(out);
}

export async function buildRasterPdf(image: RgbaImage, view: CertificateView, awardedTo: string): Promise<Buffer> {
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
  const compressed = await deflateRgb(image.pixels);
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
