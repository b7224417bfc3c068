/**
 * The community module's face (docs/decisions/108): the community wall and its reactions, and the anonymous visitor id
 * that votes. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { voterOf } from './visitor';
