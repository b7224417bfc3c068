/**
 * The health module's face (docs/decisions/108): the health and readiness checks. Other modules, the workflows and the
 * rest of the server import it only from here (eslint: local/module-boundaries); its route plugins are registered by
 * src/server/app.ts.
 */
export {};
