import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBugReportsRoutes } from './admin-bug-reports.routes';
import { bugReportsRoutes } from './bug-reports.routes';
import { bugReportsContext } from './context';

/**
 * Bug reports on the server (issue 12, docs/decisions/095): create-bug for anyone (POST /api/bug-reports, the only
 * multipart route) and triage on /admin/bug-reports. Attachments live in the private bug-attachments bucket of
 * app.storage and are served to admins only.
 */
export const bugReportsModule: FastifyPluginAsyncZod = async (app) => {
  const ctx = bugReportsContext(app);
  await app.register(bugReportsRoutes(ctx));
  await app.register(adminBugReportsRoutes(ctx));
};
