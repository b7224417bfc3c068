import { StripeTaxProvider } from './adapters/tax/stripe-tax';
import type { SalesTaxProvider } from './adapters/tax/tax-provider';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { registerCacheControl } from './lib/cache-control';
import { openApiTransform, openApiTransformObject, SECURITY_SCHEMES } from './lib/openapi';
import { capConnections, connectionOptions } from './lib/connections';
import { frameworkErrors, registerErrorHandler } from './lib/error-handler';
import { registerDiskGuard } from './lib/disk-full';
import { registerRequestId, requestIdOptions } from './lib/request-id';
import { RequestsFirst } from './lib/requests-first';
import { registerMetrics } from './modules/metrics';
import { healthRoutes } from './modules/health/health.routes';
import { validatorCompiler } from './lib/validation';
import { createPaymentProvider } from './adapters/payments/index';
import { createFulfilmentProvider } from './adapters/fulfilment/index';
import type { FulfilmentProvider } from './adapters/fulfilment/fulfilment-provider';
import { createObjectStorage } from './adapters/storage/index';
import type { ObjectStorage } from './adapters/storage/object-storage';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes';
import { funnelRoutes } from './modules/funnel/funnel.routes';
import { ShippingRateQuoter, PricingCache } from './modules/store';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { ResponseCache } from './lib/response-cache';
import { accountRoutes } from './modules/account/account.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { registerAuthHooks, AuthHttp, AuthService, resolveAuthSecret } from './modules/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { adminAwardsRoutes } from './modules/awards/admin-awards.routes';
import { awardsRoutes } from './modules/awards/awards.routes';
import { bugReportsModule } from './modules/bug-reports/bug-reports.module';
import { adminCategoriesRoutes } from './modules/categories/admin-categories.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { certificatesModule, createCertificateRendering } from './modules/certificates/certificates.module';
import type { CertificateRenderer, EmblemLoader } from './modules/certificates';
import { claimsRoutes } from './modules/claims/claims.routes';
import { communityRoutes } from './modules/community/community.routes';
import { nominationsModule } from './modules/nominations/nominations.module';
import { quizModule } from './modules/quiz/quiz.module';
import { landingPagesModule } from './modules/landing-pages/landing-pages.module';
import { crmRoutes } from './modules/crm/crm.routes';
import { PageCache, registerPageInvalidation } from './lib/page-cache';
import {
  HtmlShell,
  loadSsrRenderer,
  SSR_CACHE_CONTROL,
  type PageTableSource,
  type SsrRenderer,
  awardIndex,
  pageAddress,
  compressPage,
  pickEncoding,
  buildServiceWorker,
  shellAssets,
} from './modules/seo';
import { seoRoutes } from './modules/seo/seo.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { documentOf, invoiceDocument, renderInvoicePdf } from './modules/invoices';
import { createMailer, type MailAttachmentResolver, type Mailer } from './modules/mail';
import { JobQueue } from './modules/jobs';
import { registerJobs } from './jobs';
import { adminDiscountsRoutes } from './modules/discounts';
import { SettingsService } from './modules/settings';
import { templatesRoutes } from './modules/templates/templates.routes';
import { usersRoutes } from './modules/users/users.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { adminProductsRoutes } from './modules/products/admin-products.routes';
import { adminAuditRoutes } from './modules/audit/admin-audit.routes';
import { adminMailRoutes } from './modules/mail/admin-mail.routes';
import { unsubscribeRoutes } from './modules/mail/unsubscribe.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { adminSettingsRoutes } from './modules/settings/admin-settings.routes';
import { storeRoutes } from './modules/store/store.routes';
import { storageRoutes } from './modules/storage/storage.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    settings: SettingsService;
    shell: HtmlShell;
    serviceWorkerSource: string;
    /** Serialized public catalogue answers; clear() after any catalogue change. */
    catalogCache: ResponseCache;
    /** The catalogue as the quote and the checkout price it (issue 25); cleared with catalogCache. */
    pricing: PricingCache;
    pageCache: PageCache;
    /** Signs cookies, CSRF tokens and mail links (AUTH_SECRET or DATA_DIR/auth-secret). */
    authSecret: string;
    mailer: Mailer;
    /** The caller of a request (getAuth, requireUser) and, as `.service`, the HTTP-free AuthService. */
    auth: AuthHttp;
    /** Card payments: Stripe when configured, else the built-in test card processor (docs/decisions/074). */
    payments: PaymentProvider;
    /** Background jobs on the database (pg-boss, docs/decisions/085); started when the app is ready. */
    jobs: JobQueue;
    /** What has jobs wait for a pause in the requests (decisions 140 and 143); undefined with JOBS_WAIT_FOR_REQUESTS_MS=0. */
    requestsFirst: RequestsFirst | undefined;
    /** Print-on-demand: Printful when configured, else the built-in local print shop (docs/decisions/083). */
    fulfilment: FulfilmentProvider;
    /** The provider's live shipping prices for quotes and checkout, bounded in time (docs/decisions/087). */
    shippingRates: ShippingRateQuoter;
    /** US sales tax when the shop collects it (Stripe Tax, docs/decisions/133); undefined: none. */
    salesTax: SalesTaxProvider | undefined;
    /** Draws certificates (SVG, PNG, PDF) in the render pool; shared by the certificate routes and fulfilment. */
    renderer: CertificateRenderer;
    emblems: EmblemLoader;
    /** Files (award images, bug attachments): S3 when configured, else local disk under DATA_DIR (docs/decisions/093). */
    storage: ObjectStorage;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** A logger made before the app (server.ts: the start's progress is logged before the app exists); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /**
   * The server renderer of the public pages. Default: the built one (dist/ssr) when the web app is built too;
   * null: every page is the empty shell. Tests pass `await import('@/web/entry-server')`.
   */
  ssr?: SsrRenderer | null;
  /** Every page's head; default: the server renderer's (from the route modules). Tests pass a loader of them. */
  pages?: PageTableSource;
}

/**
 * What a mail's attachment references are (docs/decisions/132): an order's invoice or credit note, drawn from its frozen
 * document when the mail is delivered, so the outbox keeps no bytes. null: the order has no such document.
 */
export function mailAttachments(db: Db): MailAttachmentResolver {
  return async (ref) => {
    if (ref.kind !== 'invoice') return null;
    const row = await documentOf(db, ref.orderId, ref.number);
    return row ? { filename: ref.filename, content: await renderInvoicePdf(invoiceDocument(row)), contentType: 'application/pdf' } : null;
  };
}

/** Builds the whole HTTP app; never listens (server.ts does, tests use app.inject). */
export async function buildApp({ config, database, logger = false, loggerInstance, ssr, pages }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    ...connectionOptions(config),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();

  capConnections(app.server, config.http.maxConnections);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestId(app);
  // The back office waits for a pause in the requests, on both databases (decisions 140 and 143).
  const requestsFirst = config.jobs.waitForRequestsMs > 0 ? new RequestsFirst(config.jobs.waitForRequestsMs) : undefined;
  requestsFirst?.register(app);
  app.decorate('requestsFirst', requestsFirst);
  // GET /metrics and the request timings it reports (every route's: registered before them all).
  registerMetrics(app);
  // Every answer is no-store unless its route says otherwise (docs/decisions/067).
  registerCacheControl(app);
  // DATA_DIR's free-space floor; on the embedded database, writes refused with 507 below it (docs/decisions/112).
  registerDiskGuard(app, config, database);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('settings', new SettingsService(database.db));
  const renderer = ssr !== undefined ? ssr : await loadSsrRenderer(config.webDistDir);
  app.decorate('shell', new HtmlShell(config.webDistDir, renderer, undefined, pages));
  app.decorate('serviceWorkerSource', buildServiceWorker(shellAssets(config.webDistDir)));
  const authSecret = await resolveAuthSecret(config);
  const jobs = new JobQueue(database, { ...config.jobs, ...(requestsFirst ? { beforeEachJob: (job) => requestsFirst.whenQuiet(Math.max(requestsFirst.maxWaitMs, job.options.waitForRequestsMs ?? 0)) } : {}) }, app.log);
  app.decorate('jobs', jobs);
  const mailer = createMailer({
    db: database.db,
    jobs,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    secret: authSecret,
    // Replies to a no-reply sender reach the support address of the settings (docs/decisions/123).
    replyTo: async () => (await app.settings.getPublic()).support_email,
    attachmentResolver: mailAttachments(database.db),
  });
  app.decorate('authSecret', authSecret);
  app.decorate('mailer', mailer);
  app.decorate(
    'auth',
    new AuthHttp(new AuthService({ config, db: database.db, log: app.log, mailer, settings: app.settings, secret: authSecret })),
  );
  app.addHook('onClose', async () => mailer.close());
  // Queues are registered at the end of this function (src/server/jobs.ts); the workers start once the app is ready.
  app.addHook('onReady', async () => jobs.start());
  // Before anything closes: stop taking jobs and let running ones finish (graceful shutdown).
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('storage', await createObjectStorage(config));
  app.addHook('onClose', async () => app.storage.close?.());
  const rendering = createCertificateRendering(config, app.log, app.storage);
  app.decorate('renderer', rendering.renderer);
  app.decorate('emblems', rendering.emblems);
  app.addHook('onClose', async () => rendering.close());
  app.decorate('pageCache', new PageCache());
  // A catalogue change shows on pages too; and so may any write this instance answers (docs/decisions/092).
  app.decorate('pricing', new PricingCache(10_000));
  app.decorate(
    'catalogCache',
    new ResponseCache({
      ttlMs: 10_000,
      maxEntries: 500,
      onClear: () => {
        app.pricing.clear();
        app.pageCache.invalidate();
      },
    }),
  );
  registerPageInvalidation(app);
  app.decorate('payments', createPaymentProvider(config, database.db, authSecret, jobs));
  app.decorate('fulfilment', createFulfilmentProvider(config, database.db, authSecret, jobs));
  app.decorate('shippingRates', new ShippingRateQuoter(app.fulfilment, app.log));
  app.decorate('salesTax', config.usSalesTax ? new StripeTaxProvider(config.usSalesTax) : undefined);

  // Security headers: helmet's middleware, built once. @fastify/helmet builds it again for every request (its
  // directives parsed, a dozen middlewares made) — 2–4 % of the server's CPU on the checkout (decision 148).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCookie);
  // After the cookie parser, before any route: /api/admin authorization and CSRF, app-wide.
  registerAuthHooks(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Certifiable API',
        description: 'Awards, nominations, store and admin API of Certifiable.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Security, operationIds and media types from each route's own config and schema (docs/decisions/122).
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // For load balancers and orchestrators: alive, and ready to serve (docs/operations.md).
  await app.register(healthRoutes({ database, jobs, dataDir: config.dataDir, diskMinFreeBytes: config.diskMinFreeMb * 1024 * 1024, jobsMaxWaitSeconds: config.jobs.readyMaxWaitSeconds }));

  await app.register(awardsRoutes);
  await app.register(categoriesRoutes);
  await app.register(templatesRoutes);
  await app.register(settingsRoutes);
  await app.register(seoRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(usersRoutes);
  await app.register(nominationsModule);
  await app.register(claimsRoutes);
  await app.register(communityRoutes);
  await app.register(certificatesModule);
  // The shop (issue 9).
  await app.register(storeRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentsRoutes);
  // A provider that runs inside the shop serves its own pages (the test card processor's card form).
  if (app.payments.local) await app.register(app.payments.local.routes);
  await app.register(ordersRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminProductsRoutes);
  await app.register(adminDiscountsRoutes);
  // Printing and shipping (issue 10).
  await app.register(fulfilmentRoutes);
  // Public files: award images (issue 12).
  await app.register(storageRoutes);
  // Bug reports (issue 12).
  await app.register(bugReportsModule);
  // Analytics (issue 12).
  await app.register(analyticsRoutes);
  // The sales funnel (issue 13).
  await app.register(funnelRoutes);
  // The quiz (issue 13).
  await app.register(quizModule);
  // Landing pages (issue 14).
  await app.register(landingPagesModule);
  // Admin awards and categories, with CSV and awards_audit (issue 14).
  await app.register(adminAwardsRoutes);
  await app.register(adminCategoriesRoutes);
  // The CRM (issue 14).
  await app.register(crmRoutes);
  // Audit log, settings and the dashboard (issue 14).
  await app.register(adminAuditRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(dashboardRoutes);
  // The mail outbox for admins (issue 24).
  await app.register(adminMailRoutes);
  // One-click unsubscribe from nomination mails (docs/decisions/123).
  await app.register(unsubscribeRoutes);

  // Every job of every module, in one place (src/server/jobs.ts); the workers start when the app is ready.
  registerJobs(app);

  if (app.shell.built) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The raw template has no page metadata; pages are served by the shell below.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // Everything else: API paths get a JSON 404, page paths get the app shell with their own metadata.
  app.setNotFoundHandler(async (request, reply) => {
    // The path as sent. Not new URL(request.url, base): "//api/x" would parse as host "api", path "/x".
    const pathname = request.url.split('?', 1)[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !/\.[a-z0-9]{2,5}$/i.test(pathname);
    if (!isPage) {
      return reply.code(404).send({
        error: { code: 'NOT_FOUND', message: `Nothing here: ${request.method} ${pathname.slice(0, 200)}`, request_id: request.id },
      });
    }
    // The page's data through our own routes (same validation, caching and visibility rules), always as an
    // anonymous caller: the request's cookies are never passed on, so a signed-in visitor gets the same
    // cacheable page as anyone (docs/decisions/089).
    const anonymousGet = async (apiPath: string) => {
      const res = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null };
    };
    // The same for every visitor, so kept a few seconds and until the next change (docs/decisions/092), by an
    // address that names what the page shows: tags and queries no page reads dropped, an award by its id (115).
    const address = await pageAddress(request.url, () =>
      app.pageCache.lookup('awards', async () => {
        const res = await anonymousGet('/api/awards');
        if (res.status !== 200) throw new Error(`GET /api/awards: ${res.status}`);
        return awardIndex(res.body as { id: string; slug: string }[]);
      }),
    ).catch((err: unknown) => {
      request.log.warn({ err }, 'page address not normalised: kept by the address as sent');
      return { key: request.url, canonical: false };
    });
    const page = await app.pageCache.get(
      address.key,
      async () =>
        app.shell.render({
          url: address.key,
          origin: config.publicUrl,
          settings: await app.settings.getPublic(),
          get: anonymousGet,
          log: request.log,
        }),
      { canonical: address.canonical },
    );
    // The anonymous rendered page is the same for everyone: shared caches may keep it. The ETag is of the page
    // itself, set first so that @fastify/etag still answers a matching If-None-Match with 304.
    const cacheControl = page.rendered && page.status === 200 ? SSR_CACHE_CONTROL : 'no-cache';
    reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', cacheControl).header('etag', page.etag).header('vary', 'accept-encoding');
    const encoding = pickEncoding(page, request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(await compressPage(page, encoding));
  });

  return app;
}
