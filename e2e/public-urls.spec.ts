import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAcceptedNomination, uniqueName } from './support/nomination-helpers';

/**
 * docs/decisions/037: the site is reached by more than one host name (127.0.0.1 and localhost here;
 * www and the apex in production). Pages and API answers use same-origin paths, so our own
 * Content-Security-Policy (img-src 'self') never blocks a certificate image; addresses meant to leave the site (the
 * link to copy) name PUBLIC_URL. The server's PUBLIC_URL in this run is http://localhost:PORT; these pages are opened
 * on http://127.0.0.1:PORT.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) fromConsole.push(m.text());
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

/** The certificate picture inside `scope` has loaded (the frame swaps a hidden loader for the shown image). */
async function expectPictureLoaded(scope: Locator) {
  await scope.scrollIntoViewIfNeeded();
  await expect
    .poll(() => scope.locator('img').evaluateAll((imgs) => imgs.some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), {
      message: 'a certificate image loaded (naturalWidth > 0)',
    })
    .toBe(true);
  await expect(scope.getByText('The certificate did not load')).toHaveCount(0);
}

test('on another host name than PUBLIC_URL, the wall and a certificate page load every certificate image, with no CSP violation', async ({ page, request, baseURL }) => {
  const other = baseURL!.replace('//localhost:', '//127.0.0.1:');
  expect(other).not.toBe(baseURL);
  const nominee = uniqueName('Hosted');
  const created = await createAcceptedNomination(request, { nominee_name: nominee, reason: 'For answering to every name the network gives them.' });
  const violations = await watchCsp(page);

  await page.goto(`${other}/community`);
  const card = page.getByTestId('community-card').filter({ hasText: nominee });
  await expect(card).toBeVisible();
  await expectPictureLoaded(card);
  await expect(card.locator('img').first()).toHaveAttribute('src', created.certificate.urls.svg);
  const cards = page.getByTestId('community-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expectPictureLoaded(cards.nth(i));

  // Its page on the same host: the picture loads, and the link to copy names PUBLIC_URL, the address that leaves
  // the site (docs/decisions/121), not the host this visitor happened to use.
  await card.getByRole('link', { name: nominee }).first().click();
  await expect(page).toHaveURL(`${other}${created.certificate.urls.page}`);
  await expectPictureLoaded(page.getByRole('main'));
  await expect(page.getByLabel('Link to this certificate')).toHaveValue(`${baseURL}${created.certificate.urls.page}`);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', created.certificate.urls.pdf);

  expect(await violations()).toEqual([]);
});
