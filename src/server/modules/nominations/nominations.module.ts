import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminNominationsRoutes } from './admin-nominations.routes';
import { nominationsContext } from './context';
import { myNominationsRoutes } from './my-nominations.routes';
import { nominationsRoutes } from './nominations.routes';

/**
 * Nominations on the server: nominating (POST /api/nominations), "my nominations" on /account and
 * moderation on /admin/nominations. The nominee's answer is modules/claims, the wall and reactions
 * modules/community, a certificate's page and files modules/certificates (docs/decisions/066).
 */
export const nominationsModule: FastifyPluginAsyncZod = async (app) => {
  const ctx = nominationsContext(app);
  await app.register(nominationsRoutes(ctx));
  await app.register(myNominationsRoutes(ctx));
  await app.register(adminNominationsRoutes(ctx));
};
