/**
 * The crm module's face (docs/decisions/108): the CRM: contacts kept in step with where addresses come from, notes,
 * tags, and an address's export and erasure. Other modules, the workflows and the rest of the server import it only
 * from here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts and its jobs by
 * src/server/jobs.ts.
 */
export { forgetOrRefreshContact } from './crm-sync';
