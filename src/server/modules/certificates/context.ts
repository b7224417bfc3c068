import type { FastifyInstance } from 'fastify';
import { nominationsContext } from '../nominations';
import type { CertificatesContext } from './certificates.service';

/** The certificate services' view of the app (docs/decisions/065), built where routes are registered (here and in fulfilment). */
export const certificatesContext = (app: FastifyInstance): CertificatesContext => ({
  ...nominationsContext(app),
  emblems: app.emblems,
  renderer: app.renderer,
});
