/**
 * The storage module's face (docs/decisions/108): serving stored objects (uploads) from the object storage. Other
 * modules, the workflows and the rest of the server import it only from here (eslint: local/module-boundaries); its
 * route plugins are registered by src/server/app.ts.
 */
export {};
