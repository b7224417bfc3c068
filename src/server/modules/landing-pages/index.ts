/**
 * The landing-pages module's face (docs/decisions/108): the admin-written landing pages, their images and their page
 * head. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { listPublishedLandingPageStamps } from './landing-pages.service';
