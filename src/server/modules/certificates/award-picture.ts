/**
 * An admin's uploaded award picture (PNG, JPEG, GIF; typed by its bytes at upload) made fit to draw on a
 * certificate: decoded by resvg and drawn once into a square PICTURE_PX × PICTURE_PX PNG with a 256-colour palette,
 * centred and scaled to fit, transparent around it. The certificate then embeds our own small PNG, never the
 * uploaded file (docs/decisions/107).
 *
 * Runs in a render process (render-pool.ts), never in the server: decoding a stranger's picture is the kind of work
 * whose time and memory the pool bounds. Its size is read from the header first, so a small file that claims
 * enormous dimensions (a decompression bomb) is refused before anything is decoded.
 */
import { imageSize } from 'image-size';
import { palettePng, rasterize } from './raster';

/** Side of the drawn picture: the emblem is about 1.6 in across on the printed page, so 512 px is ≈ 300 DPI. */
export const PICTURE_PX = 512;
/** Largest picture we decode: 40 megapixels (160 MB of pixels), beyond any real photo of an award. */
export const MAX_PICTURE_PIXELS = 40_000_000;

/** resvg 2.6 draws these raster formats inside an SVG `<image>` (WebP it cannot: such an award keeps the medal). */
const DRAWABLE: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** Why a picture cannot be drawn: the input's fault, so the award keeps the medal and the reason is logged. */
export class UndrawablePictureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndrawablePictureError';
  }
}

export async function awardPicturePng(image: Uint8Array): Promise<Buffer> {
  let size: { type?: string; width: number; height: number };
  try {
    size = imageSize(image);
  } catch {
    throw new UndrawablePictureError('the picture has no readable size');
  }
  const mime = size.type ? DRAWABLE[size.type] : undefined;
  if (!mime) throw new UndrawablePictureError(`a ${size.type ?? 'unknown'} picture cannot be drawn on a certificate`);
  if (!(size.width > 0 && size.height > 0) || size.width * size.height > MAX_PICTURE_PIXELS) {
    throw new UndrawablePictureError(`the picture is ${size.width} × ${size.height} px, over ${MAX_PICTURE_PIXELS / 1e6} megapixels`);
  }
  const href = `data:${mime};base64,${Buffer.from(image.buffer, image.byteOffset, image.byteLength).toString('base64')}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_PX}" height="${PICTURE_PX}" viewBox="0 0 ${PICTURE_PX} ${PICTURE_PX}">` +
    `<image x="0" y="0" width="${PICTURE_PX}" height="${PICTURE_PX}" preserveAspectRatio="xMidYMid meet" href="${href}"/></svg>`;
  const drawn = await rasterize(svg, PICTURE_PX);
  const pixels = drawn.pixels;
  // resvg skips an image it cannot decode (a broken file behind a good header) and draws nothing: no picture.
  if (!anyVisible(pixels)) throw new UndrawablePictureError('the picture could not be decoded');
  return palettePng(drawn.width, drawn.height, pixels);
}

/** Whether any pixel is not fully transparent (the alpha byte of each RGBA quadruple). */
function anyVisible(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return true;
  return false;
}
