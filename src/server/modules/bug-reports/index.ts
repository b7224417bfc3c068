/**
 * The bug-reports module's face (docs/decisions/108): bug reports with screenshots and videos, their mails and their
 * retention. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { bugReportJobs } from './bug-report-retention';
export { forgetBugReporter } from './bug-reports.service';
export { bugReportsContext } from './context';
