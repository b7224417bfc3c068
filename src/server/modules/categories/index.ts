/**
 * The categories module's face (docs/decisions/108): the categories awards are filed under, and the admin's category
 * list (which refiles awards through the awards module). Other modules, the workflows and the rest of the server
 * import it only from here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export {};
