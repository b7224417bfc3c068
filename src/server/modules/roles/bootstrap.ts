import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import { grantRole } from './roles.service';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: at start, create that account (verified, with that password) or,
 * when it exists, mark it verified and keep its password; then make sure it holds the admin role.
 * Idempotent, so every instance may run it at every start.
 */
export async function ensureBootstrapAdmin(app: FastifyInstance): Promise<void> {
  const admin = app.config.bootstrapAdmin;
  if (!admin) return;
  let userId: string;
  let created: boolean;
  try {
    ({ id: userId, created } = await app.auth.service.ensureVerifiedUser(admin.email, admin.password));
  } catch {
    // Another instance created it at the same moment: it exists now.
    ({ id: userId, created } = await app.auth.service.ensureVerifiedUser(admin.email, admin.password));
  }
  const granted = await grantRole(app.db, userId, 'admin');
  if (granted) {
    await recordAudit(app.db, {
      actorUserId: null,
      action: 'user.role_granted',
      entityType: 'user',
      entityId: userId,
      before: { roles: [] },
      after: { roles: ['admin'], via: 'ADMIN_EMAIL' },
    });
  }
  app.log.info({ email: admin.email, created, granted }, 'bootstrap admin (ADMIN_EMAIL) is ready');
}
