import { expect, test } from './fixtures';
import { uniqueEmail, waitForMail } from './support/auth-helpers';
import { createNomination, uniqueName } from './support/nomination-helpers';
import { axeOn } from './support/page-helpers';

/**
 * Leaving the nomination mails (docs/decisions/123): the link at the end of a claim mail — the same as its
 * List-Unsubscribe header — opens a page that asks, one button unsubscribes, and the next nomination is not mailed.
 */
test('the unsubscribe link of a claim mail asks first, unsubscribes with one button, and no claim mail follows', async ({ page, request }, testInfo) => {
  const nomineeEmail = uniqueEmail('unsubscriber');
  await createNomination(request, { nominee_name: uniqueName('Robin'), nominee_email: nomineeEmail });
  const mail = await waitForMail(nomineeEmail, '');
  const link = /One click and we stop: (https?:\/\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from nominations?' })).toBeVisible();
  await expect(page.getByText(nomineeEmail)).toBeVisible();
  expect((await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('unsubscribe-desktop.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('unsubscribe-phone.png') });

  await page.getByRole('button', { name: 'Unsubscribe me' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('unsubscribed-phone.png') });

  // The next nomination for that address is filed, and its nominator is told to pass the link on: no mail.
  const next = await createNomination(request, { nominee_name: uniqueName('Robin'), nominee_email: nomineeEmail });
  expect(next.claim_mail_sent).toBe(false);
});
