import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { createVerifiedUser, LOOPBACK, signInViaApi, toasts, uniqueEmail } from './support/auth-helpers';
import { axeOn, pageSettled } from './support/page-helpers';
import { acceptNomination, claimLinkFromMail, createAcceptedNomination, createNomination, firstAward, uniqueName } from './support/nomination-helpers';

/** The path of an absolute URL or of a path the API gave (docs/decisions/037). */
const path = (url: string) => new URL(url, 'http://x').pathname;

/** Screenshots of an open dialog on this desktop and on a 360 px phone, where it must fit the screen. */
async function shootDialog(page: Page, dialog: Locator, name: string, testInfo: TestInfo) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`) });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  const box = (await dialog.boundingBox())!;
  expect(box.x, `${name} fits a phone`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} fits a phone`).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`) });
  await page.setViewportSize(size);
}

test.describe('nominate → share → claim → community', () => {
  test('a gallery card opens the form with its award; the preview redraws as you type; filing shows the success page', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const award = await firstAward(request);
    const nominee = uniqueName('Dana');
    const nomineeEmail = uniqueEmail('nominee');

    // The gallery's Nominate link arrives with the award chosen.
    await page.goto('/gallery');
    await page.getByRole('link', { name: `Nominate someone for ${award.title}` }).click();
    await expect(page).toHaveURL(`/nominate?award=${award.id}`);
    await expect(page.getByTestId('selected-award')).toContainText(award.title);

    // The preview is drawn by the server and redrawn as you type.
    const preview = page.getByRole('complementary', { name: 'Live preview' }).getByRole('img').first();
    await expect(preview).toHaveAttribute('src', /^blob:/);
    const firstSrc = await preview.getAttribute('src');
    const redraw = page.waitForRequest(
      (r) => r.url().endsWith('/api/certificates/preview') && (r.postDataJSON() as { nominee_name: string }).nominee_name === nominee,
    );
    await page.getByLabel("Nominee's name").fill(nominee);
    await redraw;
    await expect(preview).not.toHaveAttribute('src', firstSrc!);
    await expect(page.getByRole('button', { name: `Nominate ${nominee.split(' ')[0]}` })).toBeVisible();

    await page.getByLabel('Their email (optional)').fill(nomineeEmail);
    await page.getByLabel('Reason').fill('For replying "sounds good" to every message, read or not.');
    await expect(page.getByText('57/280')).toBeVisible();
    await page.getByLabel('Your name (optional)').fill('Sam Tester');
    await page.getByRole('button', { name: /^Nominate Dana/ }).click();

    // Success: focus on the news, the links, the claim link shown once.
    await expect(page).toHaveURL('/nominate/success');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`It’s official. ${nominee} has been recognised.`);
    await expect(heading).toBeFocused();
    const pageUrl = await page.getByTestId('certificate-link').inputValue();
    expect(pageUrl).toMatch(new RegExp(`^${LOOPBACK.appUrl}/certificate/[0-9A-Za-z]{16}$`));
    const claimUrl = await page.getByTestId('claim-link').inputValue();
    expect(claimUrl).toMatch(/\/claim\/[\w-]{43}$/);
    expect(page.url()).not.toContain(path(claimUrl));
    await expect(page.getByText(/We've emailed Dana/)).toBeVisible();

    const x = new URL((await page.locator('a[data-share="x"]').getAttribute('href'))!);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(pageUrl);
    expect(x.searchParams.get('text')).toContain(nominee);
    expect(new URL((await page.locator('a[data-share="facebook"]').getAttribute('href'))!).searchParams.get('u')).toBe(pageUrl);
    expect(new URL((await page.locator('a[data-share="whatsapp"]').getAttribute('href'))!).searchParams.get('text')).toContain(pageUrl);
    const mailto = (await page.locator('a[data-share="email"]').getAttribute('href'))!;
    expect(mailto).toMatch(/^mailto:\?subject=/);
    expect(decodeURIComponent(mailto)).toContain(pageUrl);
    const shareId = path(pageUrl).split('/').pop()!;
    await expect(page.getByRole('link', { name: 'Get it printed' })).toHaveAttribute('href', `/store?certificate=${shareId}`);

    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(toasts(page).getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);

    // A reload keeps the claim link (sessionStorage), never the URL; it is the one mailed to the nominee.
    await page.reload();
    await expect(page.getByTestId('claim-link')).toHaveValue(claimUrl);
    expect(await claimLinkFromMail(nomineeEmail, 'Sam Tester has nominated you')).toBe(claimUrl);
  });

  test('the nominee opens the mailed link and accepts', async ({ page, request }) => {
    const nominee = uniqueName('Dana');
    const nomineeEmail = uniqueEmail('nominee');
    await createNomination(request, { nominee_name: nominee, nominee_email: nomineeEmail, nominator_name: 'Sam Tester' });
    await page.goto(await claimLinkFromMail(nomineeEmail, 'Sam Tester has nominated you'));
    await expect(page.getByRole('heading', { level: 1, name: `You have been officially recognised, ${nominee.split(' ')[0]}.` })).toBeVisible();
    await page.getByRole('button', { name: 'Accept the honour' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Congratulations, Dana\. It’s yours\.$/ })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /certificate\.pdf$/);
  });

  test('an accepted public certificate is on the wall, where a reaction counts at once; its page verifies it', async ({ page, request }) => {
    const award = await firstAward(request);
    const nominee = uniqueName('Dana');
    const created = await createAcceptedNomination(request, { award_id: award.id, nominee_name: nominee });

    await page.goto('/community');
    const card = page.getByTestId('community-card').filter({ hasText: nominee });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Applause: 0' }).click();
    await expect(card.getByRole('button', { name: 'Applause: 1' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('community-card').filter({ hasText: nominee }).getByRole('button', { name: 'Applause: 1' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto(path(created.certificate.urls.page));
    await expect(page.getByRole('heading', { name: 'This certificate is genuine' })).toBeVisible();
    await expect(page.getByText('Accepted by the recipient')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nominate someone for this award' })).toHaveAttribute('href', `/nominate?award=${award.id}`);
  });

  test('a public nomination stays off the wall until accepted; declined, it leaves the wall and its links say so', async ({ page, request }) => {
    const second = uniqueName('Quinn');
    const created = await createNomination(request, { nominee_name: second, is_public: true });
    const onWall = page.getByTestId('community-card').filter({ hasText: second });
    await page.goto('/community');
    await expect(page.getByTestId('community-card').first()).toBeVisible();
    await expect(onWall).toHaveCount(0);
    await acceptNomination(request, created.claim_url);
    await page.reload();
    await expect(onWall).toBeVisible();

    await page.goto(path(created.claim_url));
    await page.getByRole('button', { name: 'Decline this award' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this award?' });
    await expect(dialog).toContainText('This is final.');
    await dialog.getByRole('button', { name: 'Decline for good' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Declined. The certificate has been withdrawn.' })).toBeVisible();
    await page.goto('/community');
    await expect(page.getByTestId('community-card').first()).toBeVisible();
    await expect(onWall).toHaveCount(0);
    await page.goto(path(created.certificate.urls.page));
    await expect(page.getByRole('heading', { level: 1, name: 'This certificate has been withdrawn' })).toBeVisible();
    // The used link says so kindly, not with an error page.
    await page.goto(path(created.claim_url));
    await expect(page.getByRole('heading', { level: 1, name: 'This award has been declined' })).toBeVisible();
  });

  test('the form checks its fields, and an unknown claim link gets a clear message', async ({ page }) => {
    await page.goto('/nominate');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.getByRole('button', { name: 'Nominate them' }).click();
    await expect(page.getByText('Please choose an award')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search awards' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Search awards' })).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.type('biscuit');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('selected-award')).toBeVisible();
    await expect(page.getByLabel("Nominee's name")).toBeFocused();
    await page.getByLabel('Their email (optional)').fill('not-an-email');
    await page.getByRole('button', { name: 'Nominate them' }).click();
    await expect(page.getByText("The nominee's name is required")).toBeVisible();
    await expect(page.getByLabel("Nominee's name")).toBeFocused();
    await expect(page.getByText("That doesn't look like an email address. Check it, or leave it empty.")).toBeVisible();

    await page.goto(`/claim/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: "This claim link doesn't lead anywhere" })).toBeVisible();
    await page.goto('/certificate/AAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { level: 1, name: "We can't find that certificate" })).toBeVisible();
    await page.goto('/nominate/success');
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing has been filed in this tab yet' })).toBeVisible();
  });

  test('hostile text in a nomination is shown as text', async ({ page, request }) => {
    const name = `<script>window.__pwned=1</script> ${uniqueName('Eve')}`.slice(0, 80);
    const reason = '<img src=x onerror="window.__pwned=2"><svg onload="window.__pwned=3"></svg> & "quotes"';
    const created = await createAcceptedNomination(request, { nominee_name: name, reason });
    await page.goto(path(created.certificate.urls.page));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByTestId('citation')).toHaveText(`“${reason}”`);
    await page.goto('/community');
    await expect(page.getByTestId('community-card').filter({ hasText: name })).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main script, main img[src="x"]').count()).toBe(0);
  });

  test('"Use this template" opens the form with that design and your words', async ({ page }) => {
    await page.goto('/dynamic-templates');
    await expect(page.getByTestId('template-card')).toHaveCount(5);
    const redraw = page.waitForRequest((r) => r.url().endsWith('/api/certificates/preview') && (r.postDataJSON() as { nominee_name: string }).nominee_name === 'Zed Quill');
    await page.getByLabel('Name').fill('Zed Quill');
    await redraw;
    await page.getByRole('link', { name: 'Use the Retro Arcade design' }).click();
    await expect(page).toHaveURL('/nominate?template=retro');
    await expect(page.getByRole('radio', { name: 'Retro Arcade' })).toBeChecked();
    await expect(page.getByLabel("Nominee's name")).toHaveValue('Zed Quill');
  });
});

test.describe('moderation and accounts', () => {
  test('an admin hides a nomination and it leaves the wall', async ({ page, request }) => {
    const nominee = uniqueName('Hidey');
    const created = await createAcceptedNomination(request, { nominee_name: nominee });
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/community');
    await expect(page.getByTestId('community-card').filter({ hasText: nominee })).toBeVisible();

    await page.goto('/admin/nominations');
    await expect(page.getByRole('heading', { level: 1, name: 'Nominations' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search nominations' }).fill(nominee);
    await expect(page.getByText('1 nomination match')).toBeVisible();
    await page.getByRole('button', { name: `Open ${created.certificate.certificate_number} (${nominee})` }).click();
    const sheet = page.getByRole('dialog', { name: nominee });
    await sheet.getByRole('button', { name: 'Hide' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hide this certificate?' });
    await confirm.getByRole('button', { name: 'Hide it' }).click();
    await expect(confirm.getByText('Please give a reason for hiding it')).toBeVisible();
    await confirm.getByLabel('Reason (for the audit log)').fill('Testing moderation');
    await confirm.getByRole('button', { name: 'Hide it' }).click();
    await expect(toasts(page).getByText(`${nominee}'s certificate is hidden`)).toBeVisible();
    await expect(sheet.getByText('Testing moderation')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Unhide' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByLabel('Status').selectOption('hidden');
    await expect(page.getByText('1 nomination match')).toBeVisible();

    await page.goto('/community');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Wall' })).toBeVisible();
    await expect(page.getByTestId('community-card').first()).toBeVisible();
    await expect(page.getByTestId('community-card').filter({ hasText: nominee })).toHaveCount(0);
    await page.goto(path(created.certificate.urls.page));
    await expect(page.getByRole('heading', { level: 1, name: 'This certificate has been withdrawn' })).toBeVisible();
  });

  test('an admin resends a claim mail only after confirming; the old link then stops working', async ({ page, request }, testInfo) => {
    const nominee = uniqueName('Resa');
    const nomineeEmail = uniqueEmail('resent');
    const created = await createNomination(request, { nominee_name: nominee, nominee_email: nomineeEmail, nominator_name: 'Ada Admin-Tester', is_public: false });
    const claimApi = (url: string) => `/api/claims${path(url).slice('/claim'.length)}`;
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/nominations');
    await page.getByRole('searchbox', { name: 'Search nominations' }).fill(nominee);
    await expect(page.getByText('1 nomination match')).toBeVisible();
    await page.getByRole('button', { name: `Open ${created.certificate.certificate_number} (${nominee})` }).click();
    const sheet = page.getByRole('dialog', { name: nominee });
    const resend = sheet.getByRole('button', { name: 'Resend claim mail' });

    await resend.click();
    const ask = page.getByRole('dialog', { name: `Send ${nominee} a new claim link?` });
    await expect(ask).toContainText(`We make a new link and email it to ${nomineeEmail}.`);
    await expect(ask).toContainText('Any link they already have stops working at once');
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shootDialog(page, ask, 'resend-claim-confirm', testInfo);
    // Escape closes the question only; nothing was sent and the old link still works.
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(sheet).toBeVisible();
    await expect(resend).toBeFocused();
    expect((await request.get(claimApi(created.claim_url))).status()).toBe(200);

    await page.keyboard.press('Enter');
    await expect(ask).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(ask.getByRole('button', { name: 'Send new link' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toasts(page).getByText(`A new claim link is on its way to ${nomineeEmail}`)).toBeVisible();
    await expect(ask).toHaveCount(0);
    expect((await request.get(claimApi(created.claim_url))).status()).toBe(404);
    const mailed = await claimLinkFromMail(nomineeEmail, 'Ada Admin-Tester has nominated you', created.claim_url);
    expect(path(mailed)).not.toBe(path(created.claim_url));
    expect((await request.get(claimApi(mailed))).status()).toBe(200);
  });

  test('/account lists nominations made and received; a fresh claim link, after asking, replaces the old one', async ({ page, browser, request }, testInfo) => {
    const nominator = await createVerifiedUser(request, { prefix: 'nominator', fullName: 'Nia Nominator' });
    const nomineeUser = await createVerifiedUser(request, { prefix: 'recipient', fullName: 'Rex Recipient' });
    const nominee = uniqueName('Rex');
    await signInViaApi(page, nominator.email, nominator.password);

    // Signed in, "From" is filled in for you.
    await page.goto('/nominate');
    await expect(page.getByLabel('Your name (optional)')).toHaveValue('Nia Nominator');
    await expect(page.getByLabel('Your email (optional)')).toHaveValue(nominator.email);
    const created = await createNomination(page.request, { nominee_name: nominee, nominee_email: nomineeUser.email, nominator_name: 'Nia Nominator', is_public: false });

    await page.goto('/account');
    const made = page.getByTestId('made-nomination').filter({ hasText: nominee });
    await expect(made).toContainText('Awaiting reply');

    // A new link kills the one already sent, so the button asks first and says so; keeping it changes nothing.
    const newLink = made.getByRole('button', { name: 'New claim link' });
    await newLink.click();
    const ask = page.getByRole('dialog', { name: `Make a new claim link for ${nominee}?` });
    await expect(ask).toContainText(`Any link ${nominee} already has stops working at once, including the one in the email we sent.`);
    await expect(ask).toContainText(`We will email the new link to ${nomineeUser.email}`);
    await expect(ask.getByRole('button', { name: 'Keep the old link' })).toBeFocused();
    await shootDialog(page, ask, 'new-claim-link-confirm', testInfo);
    await page.keyboard.press('Enter');
    await expect(ask).toHaveCount(0);
    await expect(newLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    expect((await request.get(`/api/claims${path(created.claim_url).slice('/claim'.length)}`)).status()).toBe(200);

    // Confirmed from the keyboard: the fresh link is shown, and focus lands on the news.
    await newLink.click();
    await page.keyboard.press('Tab');
    await expect(ask.getByRole('button', { name: 'Make a new link' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `A fresh claim link for ${nominee}` });
    await expect(dialog.getByRole('heading', { name: `A fresh claim link for ${nominee}` })).toBeFocused();
    await expect(dialog).toContainText(`We have emailed this one to ${nomineeUser.email} as well.`);
    const fresh = await dialog.getByTestId('new-claim-link').inputValue();
    expect(fresh).toMatch(new RegExp(`^${LOOPBACK.appUrl}/claim/[\\w-]{43}$`));
    expect(path(fresh)).not.toBe(path(created.claim_url));
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The old link is gone; the new one works, and accepting signed in puts it on the nominee's account.
    const other = await browser.newContext();
    const nomineePage = await other.newPage();
    await signInViaApi(nomineePage, nomineeUser.email, nomineeUser.password);
    await nomineePage.goto(path(created.claim_url));
    await expect(nomineePage.getByRole('heading', { level: 1, name: "This claim link doesn't lead anywhere" })).toBeVisible();
    await nomineePage.goto(path(fresh));
    await expect(nomineePage.getByText(`Accepting as ${nomineeUser.email}`)).toBeVisible();
    await nomineePage.getByRole('button', { name: 'Accept the honour' }).click();
    await expect(nomineePage.getByText('It is on your account now')).toBeVisible();
    await nomineePage.getByRole('link', { name: 'See it on your account' }).click();
    await nomineePage.getByRole('tab', { name: /Received/ }).click();
    await expect(nomineePage.getByTestId('received-nomination').filter({ hasText: created.certificate.award.title })).toContainText('From Nia Nominator');
    await other.close();

    await page.reload();
    await expect(page.getByTestId('made-nomination').filter({ hasText: nominee })).toContainText('Accepted');
  });
});

/** The pages of this journey; claim and certificate pages need a nomination of their own. */
const PAGES: { name: string; url: (request: APIRequestContext) => Promise<string> }[] = [
  { name: '/nominate', url: async () => '/nominate' },
  { name: '/community', url: async () => '/community' },
  { name: '/dynamic-templates', url: async () => '/dynamic-templates' },
  {
    name: 'a claim page',
    url: async (request) => path((await createNomination(request, { nominee_name: uniqueName('Wilhelmina-Bartholomew'), reason: 'W'.repeat(120), is_public: true })).claim_url),
  },
  {
    name: 'a certificate page',
    url: async (request) =>
      path((await createNomination(request, { nominee_name: uniqueName('Wilhelmina-Bartholomew'), reason: 'W'.repeat(120), is_public: true })).certificate.urls.page),
  },
];

test.describe('accessibility', () => {
  for (const target of PAGES) {
    test(`axe finds no serious violations on ${target.name}`, async ({ page, request }) => {
      const url = await target.url(request);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pageSettled(page);
      const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    for (const target of PAGES) {
      test(`${target.name} never scrolls sideways`, async ({ page, request }) => {
        await page.goto(await target.url(request));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await pageSettled(page);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      });
    }
  });
});
