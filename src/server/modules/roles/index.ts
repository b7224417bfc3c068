/**
 * The roles module's face (docs/decisions/108): roles (admin), the bootstrap admin and the admin command line. Other
 * modules, the workflows and the rest of the server import it only from here (eslint: local/module-boundaries); its
 * route plugins are registered by src/server/app.ts.
 */
export { ensureBootstrapAdmin } from './bootstrap';
export { runAdminCommand } from './roles.cli';
export { countActiveAdmins, grantRole, isAdmin, revokeRole, rolesOf, withAdminRoleLock } from './roles.service';
