import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ObjectStorage } from '@/server/adapters/storage/object-storage';
import type { Config } from '@/server/config';
import { registerEvictable } from '@/server/lib/disk-full';
import { CertificateRenderer } from './certificate-renderer';
import { certificatesRoutes } from './certificates.routes';
import { orderFilesRoutes } from './order-files.routes';
import { certificatesContext } from './context';
import { EmblemLoader } from './emblem-loader';
import { RenderPool } from './render-pool';

/** The certificate renderer and emblems, created once per app (app.ts) and shared with fulfilment. */
export function createCertificateRendering(
  config: Config,
  log: FastifyBaseLogger,
  storage: ObjectStorage,
): { renderer: CertificateRenderer; emblems: EmblemLoader; close(): Promise<void> } {
  // PNGs and PDFs, and the admin's award pictures, are drawn in a bounded pool of render processes (docs/decisions/021).
  // Tests start many apps: their render processes skip the warm-up drawing (same bytes, drawn on demand).
  const pool = new RenderPool({ ...config.render, warmUp: config.nodeEnv !== 'test', log });
  // Outside tests the render processes start with the app, fonts and templates loaded, so the first certificate
  // a visitor asks for is drawn at once (docs/decisions/114). CERTIFICATE_RENDERER_LEGACY=1 is bench/render-load.ts's
  // comparison line: the renderer as it was before, processes started by the first render.
  if (config.nodeEnv !== 'test' && process.env.CERTIFICATE_RENDERER_LEGACY !== '1') pool.prestart();
  // Renders survive restarts in DATA_DIR, within RENDER_CACHE_MAX_MB and above DATA_DIR_MIN_FREE_MB (tests keep
  // them in memory only). The memory layer stays small: PNGs and PDFs are a few MB each, and the disk copy is one
  // read away.
  const cacheDir = config.nodeEnv === 'test' ? null : path.join(config.dataDir, 'certificate-cache');
  const renderer = new CertificateRenderer({
    pool,
    maxBytes: 32 * 1024 * 1024,
    ...(cacheDir
      ? {
          cacheDir,
          diskMaxBytes: config.render.cacheMaxMb * 1024 * 1024,
          // Never the file that fills the disk: past DATA_DIR_MIN_FREE_MB the oldest renders go (docs/decisions/112).
          minFreeBytes: config.diskMinFreeMb * 1024 * 1024,
          // The answer does not wait for the disk (1–10 ms for a print PNG); the file follows (docs/decisions/114).
          writeBehind: true,
        }
      : {}),
  });
  // And when DATA_DIR falls below its floor from elsewhere, they give their space back at once.
  const unregister = cacheDir ? registerEvictable({ dir: cacheDir, evictBytes: (bytes) => renderer.evictDisk(bytes) }) : () => undefined;
  return {
    emblems: new EmblemLoader({ webDistDir: config.webDistDir, storage, pool, log }),
    renderer,
    async close() {
      unregister();
      await renderer.close();
    },
  };
}

/**
 * Certificates on the server: the renderer with its render processes, a certificate's JSON and four files,
 * and the live preview. The link-preview tags of /certificate/{share_id} come with the page's server render
 * (web/features/certificates/lib/certificate-head.ts, docs/decisions/126).
 */
export const certificatesModule: FastifyPluginAsyncZod = async (app) => {
  const ctx = certificatesContext(app);
  await app.register(certificatesRoutes(ctx));
  await app.register(orderFilesRoutes(ctx));
};
