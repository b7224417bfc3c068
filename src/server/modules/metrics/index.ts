/**
 * The metrics module's face (docs/decisions/108): the Prometheus metrics. Other modules, the workflows and the rest of
 * the server import it only from here (eslint: local/module-boundaries); its route plugins are registered by
 * src/server/app.ts.
 */
export { registerMetrics } from './metrics';
