import { open } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '@/server/config';

/** Our own images only: a plain path under the web app's public files, no `..`, SVG or PNG. */
const LOCAL_IMAGE = /^\/(?:[a-z0-9_-]+\/)*[a-z0-9][a-z0-9._-]{0,150}\.(svg|png)$/i;
/** Enough of a file to hold an SVG's opening tag or a PNG's IHDR chunk. */
const HEAD_BYTES = 4096;

export interface ImageSize {
  width: number;
  height: number;
}

const positive = (v: string | undefined) => {
  const n = v === undefined ? NaN : Number.parseFloat(v);
  return Number.isFinite(n) && n > 0 && n <= 100_000 ? Math.round(n) : null;
};

/** An SVG's size from its opening tag: width and height in px (or unitless), else its viewBox. */
export function svgSize(head: string): ImageSize | null {
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]?.trim();
  const px = (v: string | undefined) => (v !== undefined && /^[\d.]+(px)?$/i.test(v) ? positive(v) : null);
  const width = px(attr('width'));
  const height = px(attr('height'));
  if (width && height) return { width, height };
  const box = attr('viewBox')?.split(/[\s,]+/);
  const w = positive(box?.[2]);
  const h = positive(box?.[3]);
  return w && h ? { width: w, height: h } : null;
}

/** A PNG's size from its IHDR chunk. */
export function pngHeadSize(head: Buffer): ImageSize | null {
  if (head.length < 24 || head.readUInt32BE(0) !== 0x89504e47 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/**
 * The pixel size of the site's own images (`/awards/….svg`, `/products/….png`), read from the built web app or,
 * before a build, from src/web/public, and remembered. Anything else (another host, a path trick) is null: the
 * browser then keeps the picture's box by its CSS aspect ratio.
 */
export class LocalImageSizes {
  readonly #cache = new Map<string, Promise<ImageSize | null>>();
  readonly #dirs: string[];

  constructor(webDistDir: string) {
    this.#dirs = [webDistDir, path.join(projectRoot, 'src', 'web', 'public')];
  }

  get(url: string): Promise<ImageSize | null> {
    if (!LOCAL_IMAGE.test(url) || url.includes('..')) return Promise.resolve(null);
    let hit = this.#cache.get(url);
    if (!hit) {
      hit = this.#read(url);
      if (this.#cache.size > 1000) this.#cache.clear();
      this.#cache.set(url, hit);
    }
    return hit;
  }

  async #read(url: string): Promise<ImageSize | null> {
    for (const dir of this.#dirs) {
      const file = await open(path.join(dir, url), 'r').catch(() => null);
      if (!file) continue;
      try {
        const head = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
        const bytes = head.subarray(0, bytesRead);
        return url.toLowerCase().endsWith('.png') ? pngHeadSize(bytes) : svgSize(bytes.toString('utf8'));
      } finally {
        await file.close();
      }
    }
    return null;
  }
}
