/**
 * The security module's face (docs/decisions/108): rate limits and security events. Other modules, the workflows and
 * the rest of the server import it only from here (eslint: local/module-boundaries); its route plugins are registered
 * by src/server/app.ts.
 */
export {
  checkRateLimit,
  checkRateLimits,
  countAttempt,
  logRateLimitAttempt,
  pruneRateLimitAttempts,
  type RateLimitRule,
  releaseRateLimitAttempts,
} from './rate-limit.service';
export { recordSecurityEvent } from './security.service';
