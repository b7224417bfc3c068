import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

/**
 * The page has drawn what it fetched and stopped moving: nothing marked aria-busy (skeletons, loading lists), every
 * image loaded or failed (lazy images wait for the reader to scroll to them, so they are not waited for) and no
 * finite animation or transition running. Waits on the page's own state rather than on network silence, which a busy machine, a
 * service worker or a slow preview can postpone indefinitely.
 */
export async function pageSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'));
  // Nothing half faded in (a toast sliding in has half its contrast).
  await page.waitForFunction(noFiniteAnimationRunning);
}

/**
 * Runs in the page: every finite animation and CSS transition has finished. Endless ones (a skeleton's pulse, a
 * spinner) never do and do not count.
 */
const noFiniteAnimationRunning = () =>
  document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);

/** Whether nothing on the page is moving any more (see noFiniteAnimationRunning). */
export function animationsDone(page: Page): Promise<boolean> {
  return page.evaluate(noFiniteAnimationRunning);
}

/**
 * An axe analysis of the page, as AxeBuilder makes it, with one difference in how it runs (not in what it checks).
 * A page without frames is analysed by axe.run in the page itself (AxeBuilder's legacy mode): the same rules on the same
 * DOM as the default, which runs axe.runPartial in every frame and then axe.finishRun in a new blank page with axe
 * injected a second time — a third to a half of each analysis, for what only matters when there are frames (measured
 * on /, /gallery, /privacy-policy and /faq: the same violations and the same passes either way; docs/decisions/124).
 * A page with a frame (the admin's sandboxed mail preview, a cross-origin one) keeps the default, which reaches it.
 */
export function axeOn(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** Serious or critical WCAG 2.2 AA violations axe finds on the page, as readable lines (none expected). */
export async function axeSerious(page: Page) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The tab goes to the background, as when the visitor switches away: the moment the queue is sent. */
export async function hideTab(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * The requests a page has open, from now on. `quiet()` waits until none is: the page has everything it asked for —
 * a condition, where `networkidle` waits out half a second of silence after every load.
 */
export function openRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  const done = (r: Request) => void open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { quiet: () => expect.poll(() => [...open].map((r) => r.url()), { message: 'requests still open' }).toEqual([]) };
}
