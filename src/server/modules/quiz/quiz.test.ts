import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_RESULT_RATE_LIMIT, type CreateQuizResultResponse, type Quiz, type QuizGalleryPage, type QuizResult } from '@/contract/quiz';
import { awards, quizAnswers, quizAnswerWeights, quizQuestions, quizResults } from '@/server/db/schema/index';
import { outcomeOf, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import * as entry from '@/web/entry-server';
import { pngSize } from '../certificates/raster';
import { freshClient } from '../nominations/test-support';
import { hashManageToken } from './quiz-ids';
import { answerIdsBySlug, CAT_PERSON, firstAnswers, getQuiz, takeQuiz } from './test-support';
import { rootOf } from '../seo/test-support';

let t: TestApp;
let quiz: Quiz;
let catAnswers: string[];

beforeAll(async () => {
  // With the server renderer, so the result page is served as a browser and a link preview get it.
  t = await createTestApp({ ssr: entry });
  quiz = await getQuiz(t.app);
  catAnswers = await answerIdsBySlug(t.database.db, CAT_PERSON);
});
afterAll(async () => {
  await t.close();
});

const awardIdBySlug = async (slug: string) => (await t.database.db.select({ id: awards.id }).from(awards).where(eq(awards.slug, slug)))[0]!.id;
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { code: string; message: string; field?: string } }).error;

describe('GET /api/quiz', () => {
  it('lists the seeded questions in order with their answers, and every award they can lead to, but no weights', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quiz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(quiz.questions).toHaveLength(10);
    expect(quiz.questions[0]!.prompt).toBe('Your alarm goes off at 7:00. For the record, what happens next?');
    for (const q of quiz.questions) expect(q.answers).toHaveLength(5);
    // Every active seeded award is a possible verdict; the retired fax award is not.
    const active = await t.database.db.select({ slug: awards.slug }).from(awards).where(eq(awards.isActive, true));
    expect(quiz.outcomes.map((a) => a.slug).sort()).toEqual(active.map((a) => a.slug).sort());
    expect(res.body).not.toMatch(/weight/i);
  });
});

describe('POST /api/quiz/results', () => {
  it('scores the answers on the server, issues an unguessable link, a certificate number and a manage token shown once', async () => {
    const res = await freshClient(t.app).post('/api/quiz/results', { answers: catAnswers, name: '  Dana \u202E Whitfield ' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { result, manage_token } = res.json<CreateQuizResultResponse>();
    expect(result.award.slug).toBe('certified-cat-furniture');
    expect(result.name).toBe('Dana Whitfield');
    expect(result.in_gallery).toBe(false);
    expect(result.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(result.id, 'base64url')).toHaveLength(16);
    expect(result.certificate_number).toMatch(/^QZ-[2-9A-HJKMNP-TV-Z]{5}$/);
    expect(result.urls).toEqual({
      page: `/quiz/results/${result.id}`,
      svg: `/api/quiz/results/${result.id}/certificate.svg`,
      share_png: `/api/quiz/results/${result.id}/share.png`,
    });
    expect(manage_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored; the answers are kept as given.
    const [row] = await t.database.db.select().from(quizResults).where(eq(quizResults.publicId, result.id));
    expect(row!.manageTokenHash).toBe(hashManageToken(manage_token));
    expect(JSON.stringify(row)).not.toContain(manage_token);
    expect(row!.answerIds).toEqual(catAnswers);
  });

  it('gives every result its own random id', async () => {
    const ids = new Set<string>();
    const client = freshClient(t.app);
    for (let i = 0; i < 8; i++) ids.add((await takeQuiz(client, { answers: firstAnswers(quiz) })).result.id);
    expect(ids.size).toBe(8);
    // Not a counter or a time: no two share a long prefix.
    const sorted = [...ids].sort();
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.slice(0, 6)).not.toBe(sorted[i - 1]!.slice(0, 6));
  });

  it('takes the verdict from the weights in the database: the client sends answer ids only', async () => {
    // A body that tries to bring its own verdict or weights is refused by name.
    for (const extra of [{ award_id: await awardIdBySlug('gate-proximity-medal') }, { weights: { x: 99 } }]) {
      const res = await freshClient(t.app).post('/api/quiz/results', { answers: catAnswers, ...extra });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe(Object.keys(extra)[0]);
      expect(errorOf(res).message).toMatch(/Unknown field/);
    }
    // An admin moving the weights changes the verdict for the same answers.
    const db = t.database.db;
    const [yoga] = await db.select().from(quizAnswers).where(eq(quizAnswers.slug, 'the-evening-yoga'));
    const yogaAward = await awardIdBySlug('ceremonial-unroller-of-the-yoga-mat');
    await db.update(quizAnswerWeights).set({ weight: 9 }).where(and(eq(quizAnswerWeights.answerId, yoga!.id), eq(quizAnswerWeights.awardId, yogaAward)));
    try {
      const { result } = await takeQuiz(freshClient(t.app), { answers: catAnswers });
      expect(result.award.slug).toBe('ceremonial-unroller-of-the-yoga-mat');
    } finally {
      await db.update(quizAnswerWeights).set({ weight: 3 }).where(and(eq(quizAnswerWeights.answerId, yoga!.id), eq(quizAnswerWeights.awardId, yogaAward)));
    }
  });

  describe('refuses what is not one answer per question, naming the field', () => {
    it('a question left out', async () => {
      const res = await freshClient(t.app).post('/api/quiz/results', { answers: firstAnswers(quiz).slice(0, 9) });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'answers' });
      expect(errorOf(res).message).toMatch(/no answer to question 10 .*answer every question once/);
    });

    it('two answers to one question', async () => {
      const answers = firstAnswers(quiz);
      answers[3] = quiz.questions[2]!.answers[1]!.id;
      const res = await freshClient(t.app).post('/api/quiz/results', { answers });
      expect(errorOf(res)).toMatchObject({ field: 'answers' });
      expect(errorOf(res).message).toMatch(/two answers to question 3/);
      // The same answer twice is no better.
      const twice = await freshClient(t.app).post('/api/quiz/results', { answers: [...firstAnswers(quiz), firstAnswers(quiz)[0]] });
      expect(errorOf(twice).message).toMatch(/two answers to question 1/);
    });

    it('an answer id the quiz does not have, or no id at all', async () => {
      const unknown = [...firstAnswers(quiz)];
      unknown[4] = '00000000-0000-4000-8000-000000000000';
      const res = await freshClient(t.app).post('/api/quiz/results', { answers: unknown });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('answers.4');
      const cases: [unknown, string][] = [
        [['not-an-id'], 'answers.0'],
        [[], 'answers'],
        ['all of them', 'answers'],
        [undefined, 'answers'],
      ];
      for (const [answers, field] of cases) {
        const r = await freshClient(t.app).post('/api/quiz/results', answers === undefined ? {} : { answers });
        expect(r.statusCode, JSON.stringify(answers)).toBe(400);
        expect(errorOf(r).field, JSON.stringify(answers)).toBe(field);
      }
    });

    it('answers to a question that is switched off; the quiz then needs one answer fewer', async () => {
      const db = t.database.db;
      const [last] = await db.select().from(quizQuestions).where(eq(quizQuestions.slug, 'the-household'));
      await db.update(quizQuestions).set({ isActive: false }).where(eq(quizQuestions.id, last!.id));
      try {
        t.app.catalogCache.clear();
        const shorter = await getQuiz(t.app);
        expect(shorter.questions).toHaveLength(9);
        const res = await freshClient(t.app).post('/api/quiz/results', { answers: firstAnswers(quiz) });
        expect(errorOf(res).field).toBe('answers.9');
        const ok = await freshClient(t.app).post('/api/quiz/results', { answers: firstAnswers(shorter) });
        expect(ok.statusCode).toBe(201);
      } finally {
        await db.update(quizQuestions).set({ isActive: true }).where(eq(quizQuestions.id, last!.id));
        t.app.catalogCache.clear();
      }
    });

    it('a name over 60 characters, one no column can hold, or not text; an empty name is no name', async () => {
      const cases: [unknown, string, RegExp][] = [
        ['x'.repeat(61), 'VALIDATION_ERROR', /at most 60/],
        ['Dana\u0000', 'INVALID_TEXT', /cannot store/],
        ['\ud800Dana', 'INVALID_TEXT', /cannot store/],
        [42, 'VALIDATION_ERROR', /must be text/],
      ];
      for (const [name, code, message] of cases) {
        const res = await freshClient(t.app).post('/api/quiz/results', { answers: catAnswers, name });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ code, field: 'name' });
        expect(errorOf(res).message).toMatch(message);
      }
      expect((await takeQuiz(freshClient(t.app), { answers: catAnswers, name: ' \u200B ' })).result.name).toBeNull();
      // 60 after trimming is fine.
      expect((await takeQuiz(freshClient(t.app), { answers: catAnswers, name: ` ${'y'.repeat(60)} ` })).result.name).toHaveLength(60);
    });

    it('in_gallery that is not true or false', async () => {
      const res = await freshClient(t.app).post('/api/quiz/results', { answers: catAnswers, in_gallery: 'yes' });
      expect(errorOf(res)).toMatchObject({ field: 'in_gallery' });
    });
  });

  it(`allows ${QUIZ_RESULT_RATE_LIMIT.max} results per address an hour, then 429 with Retry-After; other addresses go on`, async () => {
    const client = freshClient(t.app);
    for (let i = 0; i < QUIZ_RESULT_RATE_LIMIT.max; i++) expect(outcomeOf(await client.post('/api/quiz/results', { answers: catAnswers }))).toBe('201');
    const refused = await client.post('/api/quiz/results', { answers: catAnswers });
    expect(outcomeOf(refused)).toBe('429 RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('3600');
    expect(outcomeOf(await freshClient(t.app).post('/api/quiz/results', { answers: catAnswers }))).toBe('201');
  });
});

describe('a result, for anyone with the link', () => {
  let made: CreateQuizResultResponse;
  beforeAll(async () => {
    made = await takeQuiz(freshClient(t.app), { answers: catAnswers, name: 'Zoë Ångström' });
  });

  it('GET answers the result, the same for everyone (revalidated), never indexed', async () => {
    const res = await new TestClient(t.app).get(`/api/quiz/results/${made.result.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<QuizResult>()).toEqual(made.result);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('an unknown id is a 404, a malformed one a 400 naming result_id', async () => {
    expect(outcomeOf(await new TestClient(t.app).get('/api/quiz/results/AAAAAAAAAAAAAAAAAAAAAA'))).toBe('404 QUIZ_RESULT_NOT_FOUND');
    for (const bad of ['short', 'A'.repeat(23), 'AAAAAAAAAAAAAAAAAAAA%2F']) {
      const res = await new TestClient(t.app).get(`/api/quiz/results/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).field).toBe('result_id');
    }
    expect(outcomeOf(await new TestClient(t.app).get('/api/quiz/results/AAAAAAAAAAAAAAAAAAAAAA/share.png'))).toBe('404 QUIZ_RESULT_NOT_FOUND');
  });

  it('share.png is a 1200×630 PNG drawn from the certificate, cacheable and revalidated by its ETag', async () => {
    const res = await new TestClient(t.app).get(made.result.urls.share_png);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const again = await t.app.inject({ method: 'GET', url: made.result.urls.share_png, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('certificate.svg is the award with the taker’s name, signed by the Quiz Committee', async () => {
    const res = await new TestClient(t.app).get(made.result.urls.svg);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('Zoë Ångström');
    expect(res.body).toContain('Certified Cat Furniture');
    expect(res.body).toContain('The Quiz Committee');
    expect(res.body).toContain(made.result.certificate_number);
    // Without a name: the bearer.
    const nameless = await takeQuiz(freshClient(t.app), { answers: catAnswers });
    expect((await new TestClient(t.app).get(nameless.result.urls.svg)).body).toContain('The Bearer of This Certificate');
  });
});

describe('the Hall of Fame', () => {
  const gallery = async (query = '') => {
    const res = await new TestClient(t.app).get(`/api/quiz/gallery${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QuizGalleryPage>();
  };
  let cats: CreateQuizResultResponse[];
  let gate: CreateQuizResultResponse;
  let hidden: CreateQuizResultResponse;

  beforeAll(async () => {
    // Earlier tests made results that did not opt in: only these three are listed.
    const client = freshClient(t.app);
    cats = [
      await takeQuiz(client, { answers: catAnswers, name: 'Opted-in One', in_gallery: true }),
      await takeQuiz(client, { answers: catAnswers, in_gallery: true }),
    ];
    hidden = await takeQuiz(client, { answers: catAnswers, name: 'Kept Private', in_gallery: false });
    const platform = await answerIdsBySlug(t.database.db, [
      'the-alarm-early',
      'the-invitation-email',
      'the-desk-stapler',
      'the-dinner-photo',
      'the-recipe-freestyle',
      'the-password-caps',
      'the-evening-yoga',
      'the-train-platform',
      'the-search-sock',
      'the-household-ball',
    ]);
    gate = await takeQuiz(client, { answers: platform, name: 'Early Bird', in_gallery: true });
    expect(gate.result.award.slug).toBe('gate-proximity-medal');
  });

  it('lists only results whose takers opted in, newest first, with the name they typed (or none)', async () => {
    const page = await gallery();
    expect(page.items.map((i) => i.id)).toEqual([gate.result.id, cats[1]!.result.id, cats[0]!.result.id]);
    expect(page.items.map((i) => i.name)).toEqual(['Early Bird', null, 'Opted-in One']);
    expect(page.items[0]).toMatchObject({ award: { slug: 'gate-proximity-medal' }, urls: { page: `/quiz/results/${gate.result.id}` } });
    expect(JSON.stringify(page)).not.toContain('Kept Private');
    expect(JSON.stringify(page)).not.toContain(hidden.result.id);
    expect(page.next_cursor).toBeNull();
  });

  it('filters by award', async () => {
    const page = await gallery(`?award_id=${await awardIdBySlug('certified-cat-furniture')}`);
    expect(page.items.map((i) => i.id)).toEqual([cats[1]!.result.id, cats[0]!.result.id]);
    expect((await gallery(`?award_id=${await awardIdBySlug('ball-thrower-emeritus')}`)).items).toEqual([]);
  });

  it('pages with a cursor, and bounds the page size', async () => {
    const first = await gallery('?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toBeTruthy();
    const second = await gallery(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((i) => i.id)).toEqual([cats[0]!.result.id]);
    expect(second.next_cursor).toBeNull();
    for (const [query, field] of [
      ['?limit=49', 'limit'],
      ['?limit=0', 'limit'],
      ['?cursor=bm90IGEgY3Vyc29y', 'cursor'],
      ['?award_id=cats', 'award_id'],
    ]) {
      const res = await new TestClient(t.app).get(`/api/quiz/gallery${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).field, query).toBe(field);
    }
  });

  it('a result leaves it with its manage token, and only with it', async () => {
    const { result, manage_token } = cats[0]!;
    const url = `/api/quiz/results/${result.id}/leave-gallery`;
    // Another result's token, a made-up one, none.
    expect(outcomeOf(await freshClient(t.app).post(url, { manage_token: cats[1]!.manage_token }))).toBe('403 QUIZ_TOKEN_INVALID');
    expect(outcomeOf(await freshClient(t.app).post(url, { manage_token: 'A'.repeat(43) }))).toBe('403 QUIZ_TOKEN_INVALID');
    const none = await freshClient(t.app).post(url, {});
    expect(errorOf(none)).toMatchObject({ field: 'manage_token' });
    expect((await gallery()).items.map((i) => i.id)).toContain(result.id);

    const res = await freshClient(t.app).post(url, { manage_token });
    expect(res.statusCode).toBe(200);
    expect(res.json<QuizResult>().in_gallery).toBe(false);
    expect((await gallery()).items.map((i) => i.id)).not.toContain(result.id);
    // Twice is fine; the result itself stays for its link.
    expect(outcomeOf(await freshClient(t.app).post(url, { manage_token }))).toBe('200');
    expect((await new TestClient(t.app).get(`/api/quiz/results/${result.id}`)).json<QuizResult>()).toMatchObject({ in_gallery: false, name: 'Opted-in One' });
    expect(outcomeOf(await freshClient(t.app).post('/api/quiz/results/AAAAAAAAAAAAAAAAAAAAAA/leave-gallery', { manage_token }))).toBe('404 QUIZ_RESULT_NOT_FOUND');
    const [row] = await t.database.db.select().from(quizResults).where(inArray(quizResults.publicId, [result.id]));
    expect(row!.leftGalleryAt).toBeInstanceOf(Date);
  });
});

describe('the served pages', () => {
  const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

  it('/quiz/results/{id} carries the result as og:title and its share PNG as og:image, is never indexed, and shows the result', async () => {
    const { result } = await takeQuiz(freshClient(t.app), { answers: catAnswers, name: 'Mina Okafor' });
    const res = await t.app.inject({ method: 'GET', url: `/quiz/results/${result.id}` });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe('Mina Okafor is officially: Certified Cat Furniture | Certifiable');
    expect(meta(res.body, 'og:image')).toBe(`https://certifiable.test/api/quiz/results/${result.id}/share.png`);
    expect(meta(res.body, 'twitter:image')).toBe(`https://certifiable.test/api/quiz/results/${result.id}/share.png`);
    expect(meta(res.body, 'og:description')).toContain(result.certificate_number);
    expect(meta(res.body, 'robots')).toBe('noindex, nofollow');
    const root = rootOf(res.body);
    expect(root).toContain('Mina Okafor');
    expect(root).toContain('Certified Cat Furniture');
    expect(root).toContain(`/api/quiz/results/${result.id}/certificate.svg`);
  });

  it('an unknown or malformed result id is a 404 page that says so', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/quiz/results/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(meta(res.body, 'og:title')).toBe('Quiz Result Not Found | Certifiable');
      expect(meta(res.body, 'robots')).toBe('noindex, nofollow');
      expect(rootOf(res.body)).toMatch(/not in the register/i);
    }
  });

  it('the landing page, the questions and the Hall of Fame arrive painted and indexable', async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/quiz-landing' });
    expect(landing.statusCode).toBe(200);
    expect(meta(landing.body, 'robots')).toBe('index, follow');
    expect(rootOf(landing.body)).toMatch(/<h1[^>]*>Which award do you <span[^>]*>deserve\?<\/span><\/h1>/);
    expect(rootOf(landing.body)).toContain('Start the quiz');
    const questions = await t.app.inject({ method: 'GET', url: '/quiz' });
    expect(rootOf(questions.body)).toContain('Your alarm goes off at 7:00.');
    const fame = await t.app.inject({ method: 'GET', url: '/quiz/gallery' });
    expect(meta(fame.body, 'robots')).toBe('index, follow');
    expect(rootOf(fame.body)).toContain('Early Bird');
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('<loc>https://certifiable.test/quiz-landing</loc>');
    expect(sitemap).toContain('<loc>https://certifiable.test/quiz/gallery</loc>');
    expect(sitemap).not.toContain('/quiz/results/');
  });
});
