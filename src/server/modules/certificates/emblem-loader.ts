import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { AWARD_LIMITS } from '@/contract/admin-awards';
import { readAll, type ObjectStorage } from '@/server/adapters/storage/object-storage';
import { projectRoot } from '@/server/config';
import { awardImageKey, isOwnAwardUpload } from '../awards';
import type { CertificateData } from './certificate-data';
import { RenderBusyError, RenderFailedError, renderUnavailable, type RenderPool } from './render-pool';

/** Only our own emblem files are read from disk; anything else (a URL, a path trick) is not an emblem. */
const EMBLEM_URL = /^\/awards\/[a-z0-9][a-z0-9-]{0,120}\.svg$/;
const MAX_BYTES = 256 * 1024;
/** Drawn award pictures kept in memory: ≈ 20–150 KB each, so at most a few MB. */
const PICTURES_KEPT = 64;

/** What a certificate draws for its award: our SVG emblem, or the admin's uploaded picture drawn by the pool. */
export type AwardEmblem = Pick<CertificateData, 'awardEmblemSvg' | 'awardPicturePng'>;
export const NO_EMBLEM: AwardEmblem = Object.freeze({ awardEmblemSvg: null, awardPicturePng: null });

export interface EmblemLoaderOptions {
  /** The built web app, where `/awards/{slug}.svg` are (src/web/public before a build). */
  webDistDir: string;
  /** award-images, where the admin's uploads are; without it (and the pool) uploads draw the medal. */
  storage?: ObjectStorage;
  /** Where an uploaded picture is decoded and drawn: never in the server process. */
  pool?: RenderPool;
  /** The picture's own budget in the pool (decoding a 5 MB JPEG takes well under a second). */
  pictureTimeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * What a certificate draws for an award (docs/decisions/068, 107):
 * - `/awards/{slug}.svg`: our own emblem file, read from the built web app (or, before a build, src/web/public);
 * - the award's own upload in award-images (the key the server wrote, `awardImageKey(award.id)`): the admin's
 *   PNG, JPEG or GIF, decoded and drawn by a render process into a 512 px PNG (award-picture.ts);
 * - anything else, or a picture that cannot be drawn (WebP, broken, too many pixels): nothing, so the renderer
 *   draws its built-in medal.
 * Both are kept in memory: emblems for good (a few dozen small files), pictures by their URL, whose `?v=` changes
 * with every upload. A missing file or an undrawable picture is remembered as nothing. A full or failing pool is
 * not the picture's fault: it throws the 503 that renders answer then (renderUnavailable) and nothing is remembered.
 */
export class EmblemLoader {
  readonly #emblems = new Map<string, Promise<string | null>>();
  readonly #pictures = new LRUCache<string, Promise<string | null>>({ max: PICTURES_KEPT });
  readonly #dirs: string[];
  readonly #options: EmblemLoaderOptions;

  constructor(options: EmblemLoaderOptions) {
    this.#options = options;
    this.#dirs = [options.webDistDir, path.join(projectRoot, 'src', 'web', 'public')];
  }

  async get(award: { id: string; imageUrl: string | null }): Promise<AwardEmblem> {
    const url = award.imageUrl;
    if (!url) return NO_EMBLEM;
    if (EMBLEM_URL.test(url)) {
      const svg = await this.#emblem(url);
      return svg ? { awardEmblemSvg: svg, awardPicturePng: null } : NO_EMBLEM;
    }
    const { storage, pool } = this.#options;
    if (!storage || !pool || !isOwnAwardUpload(storage, award.id, url)) return NO_EMBLEM;
    let hit = this.#pictures.get(url);
    if (!hit) {
      hit = this.#picture(storage, pool, award.id);
      this.#pictures.set(url, hit);
      // Not the picture's fault (the pool is full, closed, or its process died): ask again next time.
      hit.catch(() => this.#pictures.get(url) === hit && this.#pictures.delete(url));
    }
    const png = await hit;
    return png ? { awardEmblemSvg: null, awardPicturePng: png } : NO_EMBLEM;
  }

  #emblem(url: string): Promise<string | null> {
    let hit = this.#emblems.get(url);
    if (!hit) {
      hit = this.#loadEmblem(url);
      this.#emblems.set(url, hit);
    }
    return hit;
  }

  async #loadEmblem(imageUrl: string): Promise<string | null> {
    for (const dir of this.#dirs) {
      const text = await readFile(path.join(dir, imageUrl), 'utf8').catch(() => null);
      if (text !== null && text.length <= MAX_BYTES) return text;
    }
    return null;
  }

  async #picture(storage: ObjectStorage, pool: RenderPool, awardId: string): Promise<string | null> {
    const object = await storage.get('award-images', awardImageKey(awardId));
    if (!object) return null;
    if (object.size > AWARD_LIMITS.imageMaxBytes) {
      object.body.resume?.();
      return null; // not one our upload route wrote
    }
    const image = new Uint8Array(await readAll(object.body));
    try {
      const png = await pool.run({ kind: 'award-picture', image }, { timeoutMs: this.#options.pictureTimeoutMs ?? 10_000 });
      return png.toString('base64');
    } catch (error) {
      const pictureAtFault = !(error instanceof RenderBusyError) && !(error instanceof RenderFailedError && error.reason !== 'timeout' && error.reason !== 'memory');
      if (!pictureAtFault) throw renderUnavailable(error);
      this.#options.log?.warn({ awardId, reason: (error as Error).message }, 'award picture not drawable: the certificate shows the medal');
      return null;
    }
  }
}
