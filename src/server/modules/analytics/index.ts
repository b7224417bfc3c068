/**
 * The analytics module's face (docs/decisions/108): page-view and event tracking, the daily roll-ups and the admin
 * report. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { analyticsReport, revenueByCurrency, soldRevenue, type SoldRevenue } from './analytics-report.service';
export { analyticsJobs } from './analytics-rollup';
