/**
 * The account module's face (docs/decisions/108): a signed-in person's own account: profile, data export and deletion
 * (/api/account). Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export {};
