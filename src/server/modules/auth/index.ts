/**
 * The auth module's face (docs/decisions/108): sign-in (Better Auth), sessions, the CSRF check and the route policy
 * every route declares. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { resolveAuthSecret } from './auth-secret';
export { registerAuthHooks, routePolicy } from './auth.hooks';
export { applyCookies, AuthHttp, callerOf } from './auth.http';
export { AuthService, type Caller, type SessionUser, toAuthUser } from './auth.service';
export { csrfMatchesSession } from './csrf';
