/**
 * The users module's face (docs/decisions/108): user accounts as the admin sees them (list, roles, disabling), and
 * what removing a user takes with it. Other modules, the workflows and the rest of the server import it only from here
 * (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { forgetAddress, removeAccount } from './remove-user';
