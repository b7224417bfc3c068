/**
 * The audit module's face (docs/decisions/108): the audit log: every admin change is recorded through
 * audited()/recordAudit(), and the admin's view of the log. Other modules, the workflows and the rest of the server
 * import it only from here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { type Actor, audited, recordAudit } from './audit.service';
