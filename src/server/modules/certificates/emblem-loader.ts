import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '@/server/config';

/** Only our own emblem files are read; anything else (an uploaded image URL, a path trick) gets the plain medal. */
const EMBLEM_URL = /^\/awards\/[a-z0-9][a-z0-9-]{0,120}\.svg$/;
const MAX_BYTES = 256 * 1024;

/**
 * Award emblems for the renderer: the SVG text of awards.image_url (`/awards/{slug}.svg`), read from
 * the built web app or, before a build, from src/web/public. Kept in memory (a few dozen small files);
 * a missing file is remembered as null, so the renderer draws its built-in medal.
 */
export class EmblemLoader {
  readonly #cache = new Map<string, Promise<string | null>>();
  readonly #dirs: string[];

  constructor(webDistDir: string) {
    this.#dirs = [webDistDir, path.join(projectRoot, 'src', 'web', 'public')];
  }

  get(imageUrl: string | null): Promise<string | null> {
    if (!imageUrl || !EMBLEM_URL.test(imageUrl)) return Promise.resolve(null);
    let hit = this.#cache.get(imageUrl);
    if (!hit) {
      hit = this.#load(imageUrl);
      this.#cache.set(imageUrl, hit);
    }
    return hit;
  }

  async #load(imageUrl: string): Promise<string | null> {
    for (const dir of this.#dirs) {
      const text = await readFile(path.join(dir, imageUrl), 'utf8').catch(() => null);
      if (text !== null && text.length <= MAX_BYTES) return text;
    }
    return null;
  }
}
