import type { Page, Request } from '@playwright/test';
import type { Quiz, QuizResult } from '../src/contract/quiz';
import { expect, test } from './fixtures';
import { uniqueName } from './support/nomination-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

const quizOf = async (page: Page) => (await (await page.request.get('/api/quiz')).json()) as Quiz;
const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
const questionHeading = (page: Page, quiz: Quiz, i: number) => page.getByRole('heading', { level: 1, name: quiz.questions[i]!.prompt });
/** A tap on an answer: the next question comes by itself. */
async function tapAnswer(page: Page, quiz: Quiz, i: number, answer: number) {
  await expect(questionHeading(page, quiz, i)).toBeVisible();
  await page.getByText(quiz.questions[i]!.answers[answer]!.label, { exact: true }).click();
}
const accessible = async (page: Page) => {
  await pageSettled(page);
  expect(await axeSerious(page)).toEqual([]);
};

test.describe('the quiz', () => {
  test('landing → questions by mouse and keyboard, kept across a reload → the verdict with the name → a shared link previews and opens anywhere → the Hall of Fame, and out again', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const name = uniqueName('Quincy');
    const quiz = await quizOf(page);

    await page.goto('/quiz-landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which award do you deserve?');
    await accessible(page);
    await page.getByRole('link', { name: 'Start the quiz' }).click();
    await expect(page).toHaveURL('/quiz');
    const progress = page.getByRole('progressbar', { name: 'Quiz progress' });
    await expect(page.getByTestId('quiz-step')).toHaveText('Question 1 of 10');
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await accessible(page);

    // Three by mouse: each tap moves on.
    for (let i = 0; i < 3; i++) await tapAnswer(page, quiz, i, 4);
    // Two by keyboard: Tab into the answers, an arrow key chooses, Enter moves on.
    for (let i = 3; i < 5; i++) {
      await expect(questionHeading(page, quiz, i)).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: quiz.questions[i]!.answers[1]!.label })).toBeChecked();
      await expect(page.getByTestId('quiz-step')).toHaveText(`Question ${i + 1} of 10`);
      await page.keyboard.press('Enter');
    }
    await expect(questionHeading(page, quiz, 5)).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '5');

    // A reload in the middle keeps the answers and the question.
    await page.reload();
    await expect(questionHeading(page, quiz, 5)).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '5');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(questionHeading(page, quiz, 4)).toBeVisible();
    await expect(page.getByRole('radio', { name: quiz.questions[4]!.answers[1]!.label })).toBeChecked();
    await page.getByRole('button', { name: 'Next question' }).click();

    for (let i = 5; i < 10; i++) await tapAnswer(page, quiz, i, 0);
    await expect(page.getByRole('heading', { level: 1, name: 'The Committee is ready to rule' })).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'Add my result to the Hall of Fame' });
    await expect(box).not.toBeChecked();
    await accessible(page);
    await page.getByLabel('Your name for the certificate (optional)').fill(name);
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.getByRole('button', { name: 'Reveal my award' }).click();

    await expect(page).toHaveURL(/\/quiz\/results\/[\w-]{22}$/);
    const id = page.url().split('/').pop()!;
    const result = (await (await page.request.get(`/api/quiz/results/${id}`)).json()) as QuizResult;
    expect(result).toMatchObject({ name, in_gallery: true });
    const verdict = page.getByTestId('quiz-verdict');
    await expect(verdict).toContainText(name);
    await expect(verdict).toContainText(result.award.title);
    await expect(page.getByRole('img', { name: new RegExp(`awarded to ${name}`) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get it printed and framed' })).toHaveAttribute('href', `/store?award=${result.award.id}`);
    await expect(page.getByRole('link', { name: 'Nominate a friend for this award' })).toHaveAttribute('href', `/nominate?award=${result.award.id}`);
    await expect(page.getByRole('list', { name: 'Share' }).getByRole('link', { name: /Share on X/ })).toHaveAttribute('href', /x\.com\/intent\/tweet/);
    await accessible(page);
    // The run is over: /quiz starts afresh.
    expect(await page.evaluate(() => localStorage.getItem('quiz-progress'))).toBeNull();

    // The link as shared: plain HTML (no script runs in a link preview) with the result's title and picture.
    const link = await page.getByTestId('quiz-result-link').inputValue();
    expect(link).toBe(`${baseURL}/quiz/results/${id}`);
    const served = await page.request.get(link);
    expect(served.status()).toBe(200);
    const html = await served.text();
    expect(meta(html, 'og:title')).toContain(name);
    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    const image = meta(html, 'og:image')!;
    expect(image).toBe(`${baseURL}/api/quiz/results/${id}/share.png`);
    const png = await page.request.get(image);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

    // Someone else opens it: the same verdict, and no way to change where it is shown.
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await theirs.goto(link);
    await expect(theirs.getByTestId('quiz-verdict')).toHaveText(await verdict.textContent() ?? '');
    await expect(theirs.getByRole('heading', { name: 'In the Hall of Fame' })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Take it out of the Hall of Fame' })).toHaveCount(0);
    await other.close();

    // The Hall of Fame lists it, also under its award.
    await page.goto('/quiz/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz Hall of Fame' })).toBeVisible();
    const entry = page.getByRole('link', { name: new RegExp(name) });
    await expect(entry).toHaveAttribute('href', `/quiz/results/${id}`);
    await accessible(page);
    await page.getByLabel('Verdict').selectOption(result.award.id);
    await expect(page).toHaveURL(`/quiz/gallery?award=${result.award.id}`);
    await expect(entry).toBeVisible();
    await entry.click();

    // The browser that made it takes it out; the link keeps working.
    await expect(page).toHaveURL(`/quiz/results/${id}`);
    await page.getByRole('button', { name: 'Take it out of the Hall of Fame' }).click();
    await expect(page.getByRole('heading', { name: 'Not in the Hall of Fame' })).toBeVisible();
    await page.goto('/quiz/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz Hall of Fame' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    expect((await page.request.get(link)).status()).toBe(200);
  });

  test('an unknown result is a 404 page that says what to do next', async ({ page }) => {
    const response = await page.goto('/quiz/results/AAAAAAAAAAAAAAAAAAAAAA');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We can't find that quiz result" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take the quiz' })).toHaveAttribute('href', '/quiz-landing');
    await accessible(page);
  });

  test.describe('with Analytics allowed', () => {
    test.use({ consent: 'none' });

    test('records quiz_started at the start button and quiz_completed with the award once the verdict is in', async ({ page }) => {
      await page.addInitScript(() => {
        if (!location.protocol.startsWith('http')) return;
        localStorage.setItem('cookie-consent', 'true');
        localStorage.setItem('cookie-preferences', JSON.stringify({ necessary: true, analytics: true, marketing: false, preferences: false }));
      });
      const beacons: Request[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/analytics/events') beacons.push(r);
      });
      const quiz = await quizOf(page);
      await page.goto('/quiz-landing');
      await page.getByRole('link', { name: 'Start the quiz' }).click();
      for (let i = 0; i < quiz.questions.length; i++) await tapAnswer(page, quiz, i, 2);
      await page.getByRole('button', { name: 'Reveal my award' }).click();
      await expect(page).toHaveURL(/\/quiz\/results\//);
      const result = (await (await page.request.get(`/api/quiz/results/${page.url().split('/').pop()}`)).json()) as QuizResult;
      // The tab going to the background sends what waits.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      const quizEvents = () =>
        beacons
          .flatMap((r) => (JSON.parse(r.postData() ?? '{}') as { events: { event_type: string; event_data?: Record<string, unknown> }[] }).events)
          .filter((e) => e.event_type.startsWith('quiz_'));
      await expect.poll(() => quizEvents().map((e) => e.event_type)).toEqual(['quiz_started', 'quiz_completed']);
      const [started, completed] = quizEvents();
      expect(started!.event_data).toMatchObject({ from: 'landing' });
      expect(completed!.event_data).toMatchObject({ award_id: result.award.id, in_gallery: false });
    });
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

    test('every quiz page fits the screen without sideways scrolling, and the questions read well', async ({ page }, testInfo) => {
      const quiz = await quizOf(page);
      const fits = async (what: string) => {
        await pageSettled(page);
        // What sticks out, named, so a failure says where to look.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > 360.5)
            .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} (${Math.round(e.getBoundingClientRect().right)})`),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: ${wide.join(', ')}`).toBeLessThanOrEqual(360);
      };
      await page.goto('/quiz-landing');
      await fits('landing');
      await page.goto('/quiz');
      await expect(questionHeading(page, quiz, 0)).toBeVisible();
      await fits('question');
      await page.getByText(quiz.questions[0]!.answers[1]!.label, { exact: true }).tap();
      await expect(questionHeading(page, quiz, 1)).toBeVisible();
      await fits('second question');
      const shot = await page.screenshot({ path: testInfo.outputPath('quiz-question-360.png') });
      await testInfo.attach('quiz question at 360 px', { body: shot, contentType: 'image/png' });
      // The answers and the Back/Next buttons are inside the screen's width and tall enough to tap.
      for (const box of await page.getByRole('radio').evaluateAll((els) => els.map((e) => e.parentElement!.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      for (let i = 1; i < quiz.questions.length; i++) await page.getByText(quiz.questions[i]!.answers[0]!.label, { exact: true }).tap();
      await expect(page.getByRole('heading', { level: 1, name: 'The Committee is ready to rule' })).toBeVisible();
      await fits('last step');
      await page.getByRole('button', { name: 'Reveal my award' }).tap();
      await expect(page).toHaveURL(/\/quiz\/results\//);
      await expect(page.getByTestId('quiz-verdict')).toBeVisible();
      await fits('result');
      const result = await page.screenshot({ path: testInfo.outputPath('quiz-result-360.png') });
      await testInfo.attach('quiz result at 360 px', { body: result, contentType: 'image/png' });
      await page.goto('/quiz/gallery');
      await fits('hall of fame');
    });
  });
});
