import type { ConsoleMessage, Page } from '@playwright/test';
import type { CreateQuizResultResponse, Quiz } from '../src/contract/quiz';
import type { StoreCatalogue } from '../src/contract/shop';
import { paths } from '../src/contract/paths';
import { expect, test } from './fixtures';
import { createVerifiedUser, csrfHeaders, signInViaApi } from './support/auth-helpers';
import { createAcceptedNomination, uniqueName } from './support/nomination-helpers';
import { openRequests } from './support/page-helpers';

/** What React says when hydration goes wrong: a mismatch (#418, #423, #425) or a server render it could not finish (#419). */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|423|425)\b|react\.dev\/errors\/(418|419|423|425)\b/i;

function watchHydration(page: Page) {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' && HYDRATION_TROUBLE.test(m.text())) problems.push(`${page.url()} console: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (HYDRATION_TROUBLE.test(`${e.message}\n${e.stack ?? ''}`)) problems.push(`${page.url()} pageerror: ${e.message}`);
  });
  return problems;
}

test.describe('server-rendered pages in a browser with its own state', () => {
  // A shopper abroad: the server knows neither their language's region nor their clock.
  test.use({ locale: 'en-GB', timezoneId: 'Pacific/Auckland' });

  test('every rendered page hydrates without a mismatch for a signed-in shopper with a cart, a consent choice and quiz results of their own', async ({ page, request }) => {
    // A dozen-and-a-half page loads, each hydrated: more than the default 30 s on a busy CI.
    test.slow();
    const problems = watchHydration(page);
    const network = openRequests(page);

    // A signed-in session (the fixture has stored a cookie choice already).
    const user = await createVerifiedUser(request, { prefix: 'hydrate', fullName: 'Hydra Tion' });
    await signInViaApi(page, user.email, user.password);

    // A certificate to open, and a quiz result made in this browser (its manage token kept as the quiz keeps it).
    const { certificate } = await createAcceptedNomination(request, { nominee_name: uniqueName('Hydra'), reason: 'For keeping the houseplants alive' });
    const quiz = (await (await page.request.get('/api/quiz')).json()) as Quiz;
    const made = await page.request.post('/api/quiz/results', {
      data: { answers: quiz.questions.map((q) => q.answers[0]!.id), name: 'Hydra Tion', in_gallery: true },
      headers: await csrfHeaders(page.request),
    });
    expect(made.status(), await made.text()).toBe(201);
    const { result, manage_token: manageToken } = (await made.json()) as CreateQuizResultResponse;

    // A line in the cart, as the store leaves it in this browser.
    const catalogue = (await (await page.request.get('/api/store/products')).json()) as StoreCatalogue;
    const product = catalogue.products[0]!;
    const variant = product.variants[0]!;
    const awardId = ((await (await page.request.get('/api/awards')).json()) as { id: string }[])[0]!.id;
    // Written from a page of the site where the app does not run: a page of the app would keep its own cart in
    // memory and write it back over this one (as it leaves, and when its cart engine starts).
    await page.goto('/robots.txt');
    await page.evaluate(
      ({ resultId, token, item }) => {
        localStorage.setItem('quiz-results', JSON.stringify({ [resultId]: token }));
        localStorage.setItem('cart', JSON.stringify({ owner: null, dirty: false, items: [item] }));
      },
      {
        resultId: result.id,
        token: manageToken,
        item: {
          id: 'line-1',
          productId: product.id,
          variantId: variant.id,
          quantity: 1,
          price: variant.price,
          design: { award_id: awardId, template_id: null, recipient_name: 'Hydra Tion', share_id: null },
        },
      },
    );

    // The heading the server rendered, as parsed: hydration adopts it and never swaps it for a client copy.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { servedHeading: Element | null }).servedHeading = document.querySelector('main h1');
      }),
    );
    const headingKept = () =>
      page.evaluate(() => {
        const served = (window as unknown as { servedHeading: Element | null }).servedHeading;
        return served !== null && served.isConnected && served === document.querySelector('main h1');
      });

    // Every route of src/web/app/ssr-routes.ts (a landing page by an address that has none: its "not on display" page).
    const rendered = [
      paths.home,
      paths.gallery,
      paths.community,
      `/certificate/${certificate.share_id}`,
      paths.store,
      paths.dynamicTemplates,
      paths.quizLanding,
      paths.quiz,
      `/quiz/results/${result.id}`,
      paths.quizGallery,
      paths.funnelCheckout,
      paths.funnelThankYou,
      paths.funnelTimer,
      paths.funnelOto1,
      paths.funnelOto1Downsell,
      '/l/no-such-landing-page',
      paths.privacyPolicy,
      paths.termsOfService,
      paths.cookiePolicy,
      paths.dmcaPolicy,
      paths.refundPolicy,
      paths.accessibility,
      '/no/such/page',
    ];
    const ORDER_STEPS = new Set<string>([paths.funnelThankYou, paths.funnelTimer, paths.funnelOto1, paths.funnelOto1Downsell]);
    for (const path of rendered) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' }), path).toBeVisible();
      await expect(page.getByTestId('cart-badge'), path).toHaveText('1');
      // Everything the page asked for has come (a late chunk hydrates, a late answer renders): any mismatch is logged.
      await network.quiet();
      // The funnel's later steps follow one buyer's order, known only in their browser: the server paints a placeholder.
      if (!ORDER_STEPS.has(path)) expect.soft(await headingKept(), `${path}: the server's heading is still the one on the page`).toBe(true);
    }

    // Reopened where it was made: the quiz's own navigation left "just issued" in this tab's history, and a reload keeps it.
    await page.goto(`/quiz/results/${result.id}`);
    await page.evaluate(() => history.replaceState({ ...(history.state as object), usr: { fresh: true } }, ''));
    await page.reload();
    await expect(page.getByTestId('quiz-verdict')).toContainText('Hydra Tion');
    await expect(page.getByRole('button', { name: 'Take it out of the Hall of Fame' })).toBeVisible();
    await network.quiet();
    expect(await headingKept(), 'the reopened quiz result keeps its served heading').toBe(true);

    expect(problems).toEqual([]);
  });
});
