/**
 * The jobs module's face (docs/decisions/108): the job queue (typed jobs, their handlers and the worker) and the
 * retention of old rows. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { defineJob, handle, JobQueue, type JobRegistration } from './job-queue';
export { ANALYTICS_RETENTION_DAYS, retentionJobs } from './retention';
