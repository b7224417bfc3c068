/**
 * The certificates module's face (docs/decisions/108): a nomination's certificate: its data, the renderer and render
 * processes, the four files and the live preview. Other modules, the workflows and the
 * rest of the server import it only from here (eslint: local/module-boundaries); its route plugins are registered by
 * src/server/app.ts.
 */
export { certificateCacheKey, type CertificateData, type CertificateRenderer } from './certificate-renderer';
export { certificatesContext } from './context';
export type { CertificatesContext } from './certificates.service';
export type { EmblemLoader } from './emblem-loader';
export { lineCertificate } from './line-certificate';
export { renderUnavailable } from './render-pool';
