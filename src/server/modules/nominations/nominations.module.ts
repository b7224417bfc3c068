import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CertificateRenderer } from '../certificates/certificate-renderer';
import { RenderPool } from '../certificates/render-pool';
import { accountNominationsRoutes } from './account-nominations.routes';
import { adminNominationsRoutes } from './admin-nominations.routes';
import { CERTIFICATE_PAGE, certificateHead } from './certificate-head';
import { certificatesRoutes } from './certificates.routes';
import { claimsRoutes } from './claims.routes';
import { communityRoutes } from './community.routes';
import type { NominationsContext } from './context';
import { EmblemLoader } from './emblems';
import { nominationsRoutes } from './nominations.routes';

/**
 * Issue 4 on the server: nominations, certificate files, claims, the community wall, reactions,
 * "my nominations" and moderation, plus the /certificate/{share_id} link-preview tags.
 */
export const nominationsModule: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // PNGs and PDFs are drawn in a bounded pool of render processes (docs/decisions/021).
  const pool = new RenderPool({ ...config.render, log: app.log });
  const ctx: NominationsContext = {
    db: app.db,
    config,
    mailer: app.mailer,
    settings: app.settings,
    emblems: new EmblemLoader(config.webDistDir),
    // Renders survive restarts in DATA_DIR, within RENDER_CACHE_MAX_MB (tests keep them in memory only).
    // The memory layer stays small: PNGs and PDFs are a few MB each, and the disk copy is one read away.
    renderer: new CertificateRenderer({
      pool,
      maxBytes: 32 * 1024 * 1024,
      ...(config.nodeEnv === 'test'
        ? {}
        : { cacheDir: path.join(config.dataDir, 'certificate-cache'), diskMaxBytes: config.render.cacheMaxMb * 1024 * 1024 }),
    }),
    log: app.log,
  };
  app.addHook('onClose', async () => ctx.renderer.close());
  app.shell.addHeadResolver(CERTIFICATE_PAGE, certificateHead(ctx, app.log));
  await app.register(nominationsRoutes(ctx));
  await app.register(certificatesRoutes(ctx));
  await app.register(claimsRoutes(ctx));
  await app.register(communityRoutes(ctx));
  await app.register(accountNominationsRoutes(ctx));
  await app.register(adminNominationsRoutes(ctx));
};
