import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmContact, CrmContactExport, CrmContactList, CrmErasureResult, CrmTagList } from '@/contract/crm';
import type { CheckoutResult } from '@/contract/shop';
import {
  auditLog,
  bugReports,
  claimTokens,
  crmContacts,
  crmSyncState,
  discountCodes,
  mailOutbox,
  nominations,
  orderOverview,
  orders,
  paymentSessions,
  testPaymentSessions,
  users,
} from '@/server/db/schema/index';
import { mailsTo, signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, newKey, pay, placeOrder, sessionOf, shopCatalogue, US_ADDRESS } from '../checkout/test-support';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import { ERASED_ORDER_EMAIL } from '../orders/order-erasure';
import { syncContacts } from './crm-sync';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let awardId: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  admin = await signedInClient(t.app, { admin: true });
  shop = await shopCatalogue(t.app, t.database.db);
  awardId = (await catalogue(t.database.db)).award.id;
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const res = await admin.client.get(`/api/admin/crm/contacts${query ? `?${query}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as CrmContactList;
};
const byEmail = async (email: string) => (await list(`q=${encodeURIComponent(email)}`)).contacts.find((c) => c.email === email.toLowerCase());
const contact = async (id: string) => {
  const res = await admin.client.get(`/api/admin/crm/contacts/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as CrmContact;
};
/** The list syncs at most every 5 s; tests make it sync now. */
/** Returns once the clock shows a later millisecond, so the next event's time sorts after the last one's. */
async function nextMillisecond() {
  const start = Date.now();
  while (Date.now() <= start) await new Promise<void>((r) => setImmediate(r));
}

const sync = async (full = false) => syncContacts(t.database.db, { currency: 'USD', full });

async function paidOrder(email: string, sku = 'FRAME-A4-GOLD', name = 'Dana Whitfield') {
  const client = new TestClient(t.app);
  const over = sku === 'PDF' ? { email, shipping_address: null, shipping_method: null } : { email, shipping_address: { ...checkoutBodyAddress(), name } };
  const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant(sku).id, over));
  await pay(client, result!.payment_url, '4242424242424242');
  return result!;
}
const checkoutBodyAddress = () => checkoutBody(shop.award.id, shop.variant('PDF').id).shipping_address!;

async function bugReport(email: string, title = 'The seal is crooked') {
  const form = new FormData();
  form.append('title', title);
  form.append('reporter_email', email);
  const res = new Response(form);
  const client = freshClient(t.app);
  const sent = await client.request({
    method: 'POST',
    url: '/api/bug-reports',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
  expect(sent.statusCode).toBeLessThan(300);
}

const audits = (entityId: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'crm_contact'), eq(auditLog.entityId, entityId)));

describe('/api/admin/crm', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/crm/contacts')).statusCode).toBe(401);
    const member = await signedInClient(t.app);
    expect((await member.client.get('/api/admin/crm/contacts')).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/crm/contacts.csv')).statusCode).toBe(403);
  });

  it('builds contacts from nominators, nominees with an email, customers and bug reporters, merged by lower-cased email', async () => {
    const ada = uniqueEmail('ada');
    const bea = uniqueEmail('bea');
    await nominate(freshClient(t.app), { award_id: awardId, nominator_email: ada.toUpperCase(), nominator_name: 'Ada N.', nominee_email: bea, nominee_name: 'Bea the Great' });
    await nominate(freshClient(t.app), { award_id: awardId, nominee_name: 'No Email Person' });
    await paidOrder(ada, 'FRAME-A4-GOLD', 'Ada Lovelace');
    await bugReport(ada.replace('ada', 'ADA'));
    await sync();

    const a = await byEmail(ada);
    expect(a).toMatchObject({ email: ada, name: 'Ada Lovelace', nominations_sent: 1, nominations_received: 0, orders_count: 1, bug_reports: 1, has_account: false });
    expect(a!.ltv).toBe(6900 + 599);
    const b = await byEmail(bea);
    expect(b).toMatchObject({ name: 'Bea the Great', nominations_sent: 0, nominations_received: 1, orders_count: 0, ltv: 0 });
    // One row per address, whatever its case; and no contact for a nominee without an email.
    const rows = await t.database.db.select().from(crmContacts).where(sql`${crmContacts.email} like ${'ada-%'}`);
    expect(rows.filter((r) => r.email === ada)).toHaveLength(1);
    expect((await list('q=No%20Email%20Person')).total).toBe(0);
    // The id is stable: syncing again (and fully) keeps it.
    await sync(true);
    expect((await byEmail(ada))!.id).toBe(a!.id);
  });

  it('a new source shows when the list is opened, without waiting for the nightly run', async () => {
    const newcomer = uniqueEmail('newcomer');
    await list(); // the list has just synced: within its 5-second interval it would not look again
    // Five seconds pass (the last sync moved back rather than waited for).
    await t.database.db.update(crmSyncState).set({ syncedAt: sql`${crmSyncState.syncedAt} - interval '6 seconds'` });
    await bugReport(newcomer);
    expect((await list(`q=${newcomer}`)).contacts.map((c) => c.email)).toEqual([newcomer]);
  });

  it('LTV is paid minus refunded, in the shop currency only', async () => {
    const buyer = uniqueEmail('buyer');
    const first = await paidOrder(buyer);
    await paidOrder(buyer, 'PDF');
    const pdfPrice = shop.variant('PDF').price;
    const refund = await admin.client.post(`/api/admin/orders/${first.order_id}/refund`, { amount: 1000, reason: 'Scratched' });
    expect(refund.statusCode).toBe(200);
    // An order in another currency counts as an order but not in the LTV.
    const foreign = await paidOrder(buyer, 'PDF');
    await t.database.db.update(orders).set({ currency: 'EUR', updatedAt: sql`now()` }).where(eq(orders.id, foreign.order_id));
    await t.database.db.update(paymentSessions).set({ currency: 'EUR', updatedAt: sql`now()` }).where(eq(paymentSessions.orderId, foreign.order_id));
    // An unpaid order is a contact's order in the timeline but neither counted nor in the LTV.
    await placeOrder(new TestClient(t.app), checkoutBody(shop.award.id, shop.variant('PDF').id, { email: buyer, shipping_address: null, shipping_method: null }));
    await sync();
    const c = await byEmail(buyer);
    expect(c).toMatchObject({ orders_count: 3, currency: 'USD' });
    expect(c!.ltv).toBe(6900 + 599 - 1000 + pdfPrice);
    const detail = await contact(c!.id);
    expect(detail.ltv).toBe(c!.ltv);
    expect(detail.timeline.filter((e) => e.kind === 'order')).toHaveLength(4);
  });

  it('searches, filters by tag, consent and account, sorts and pages', async () => {
    const prefix = `pager${Date.now().toString(36)}`;
    for (let i = 0; i < 30; i++) await t.database.db.insert(bugReports).values({ title: `r${i}`, reporterEmail: `${prefix}-${String(i).padStart(2, '0')}@example.test` });
    await sync();
    const first = await list(`q=${prefix}&sort=email&dir=asc`);
    expect(first.total).toBe(30);
    expect(first.page_size).toBe(25);
    expect(first.contacts[0]!.email).toBe(`${prefix}-00@example.test`);
    const second = await list(`q=${prefix}&sort=email&dir=asc&page=2`);
    expect(second.contacts.map((c) => c.email)).toEqual([25, 26, 27, 28, 29].map((i) => `${prefix}-${i}@example.test`));
    const desc = await list(`q=${prefix}&sort=email&dir=desc`);
    expect(desc.contacts[0]!.email).toBe(`${prefix}-29@example.test`);

    const target = first.contacts[3]!;
    expect((await admin.client.patch(`/api/admin/crm/contacts/${target.id}`, { tags: ['VIP ', 'press'] })).statusCode).toBe(200);
    expect((await admin.client.patch(`/api/admin/crm/contacts/${target.id}`, { consent: { granted: true, source: 'Told us by email' } })).statusCode).toBe(200);
    expect((await list(`q=${prefix}&tag=vip`)).contacts.map((c) => c.id)).toEqual([target.id]);
    expect((await list(`q=${prefix}&consent=yes`)).contacts.map((c) => c.id)).toEqual([target.id]);
    expect((await list(`q=${prefix}&consent=no`)).total).toBe(29);
    const tags = (await admin.client.get('/api/admin/crm/tags')).json() as CrmTagList;
    expect(tags.tags).toEqual(expect.arrayContaining([{ tag: 'vip', count: 1 }, { tag: 'press', count: 1 }]));

    // An address with an account says so, and the account filter finds it.
    const member = await signedInClient(t.app, { name: 'Member Person' });
    await bugReport(member.user.email);
    await sync();
    const m = await byEmail(member.user.email);
    expect(m!.has_account).toBe(true);
    expect((await list(`q=${encodeURIComponent(member.user.email)}&account=yes`)).total).toBe(1);
    expect((await list(`q=${encodeURIComponent(member.user.email)}&account=no`)).total).toBe(0);

    // Sorting by LTV and orders: the biggest spender first.
    const big = uniqueEmail('bigspender');
    await paidOrder(big);
    await paidOrder(big);
    await sync();
    const byLtv = (await list('sort=ltv&dir=desc')).contacts;
    expect(byLtv[0]!.email).toBe(big);
    expect(byLtv.map((c) => c.ltv)).toEqual([...byLtv.map((c) => c.ltv)].sort((x, y) => y - x));
    const byOrders = (await list('sort=orders&dir=desc')).contacts;
    expect(byOrders.map((c) => c.orders_count)).toEqual([...byOrders.map((c) => c.orders_count)].sort((x, y) => y - x));
    expect(byOrders.map((c) => c.email)).toContain(big);
    const fewest = (await list('sort=orders&dir=asc')).contacts;
    expect(fewest[0]!.orders_count).toBe(0);
    // Newest activity first by default.
    expect((await list()).contacts[0]!.email).toBe(big);
  });

  it('shows a timeline newest first, with links, and the account', async () => {
    const person = await signedInClient(t.app, { name: 'Tim Line' });
    const email = person.user.email;
    await nominate(freshClient(t.app), { award_id: awardId, nominee_email: email, nominee_name: 'Tim' });
    await nextMillisecond();
    await nominate(freshClient(t.app), { award_id: awardId, nominator_email: email, nominee_name: 'Someone' });
    await nextMillisecond();
    const order = await paidOrder(email, 'PDF');
    await nextMillisecond();
    await bugReport(email, 'Timeline bug');
    await sync();
    const c = await contact((await byEmail(email))!.id);
    const times = c.timeline.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const kinds = c.timeline.map((e) => e.kind);
    expect(kinds.indexOf('bug_report')).toBeLessThan(kinds.indexOf('order'));
    expect(kinds.indexOf('order')).toBeLessThan(kinds.indexOf('nomination_sent'));
    expect(kinds.indexOf('nomination_sent')).toBeLessThan(kinds.indexOf('nomination_received'));
    expect(kinds).toContain('mail'); // the claim mail and the order confirmation
    expect(kinds.at(-1)).toBe('account');
    expect(c.timeline.find((e) => e.kind === 'order')!.link).toEqual({ type: 'order', id: order.order_id });
    expect(c.timeline.find((e) => e.kind === 'bug_report')!.link!.type).toBe('bug_report');
    expect(c.account).toMatchObject({ name: 'Tim Line', is_admin: false });
    expect(c.has_account).toBe(true);
  });

  it('adds and deletes notes, changes tags and consent — each audited — and refuses bad input naming the field', async () => {
    const email = uniqueEmail('notes');
    await bugReport(email);
    await sync();
    const id = (await byEmail(email))!.id;

    const added = await admin.client.post(`/api/admin/crm/contacts/${id}/notes`, { body: '  Prefers gold frames.  ' });
    expect(added.statusCode).toBe(200);
    const note = (added.json() as CrmContact).notes[0]!;
    expect(note).toMatchObject({ body: 'Prefers gold frames.', author_id: admin.user.id, author_name: 'Test Person' });
    const tagged = (await admin.client.patch(`/api/admin/crm/contacts/${id}`, { tags: ['Wholesale', 'wholesale', 'Big  Fan'] })).json() as CrmContact;
    expect(tagged.tags).toEqual(['wholesale', 'big fan']);
    const consent = (await admin.client.patch(`/api/admin/crm/contacts/${id}`, { consent: { granted: true, source: 'Asked by phone' } })).json() as CrmContact;
    expect(consent).toMatchObject({ marketing_consent: true, consent_source: 'Asked by phone' });
    expect(consent.consent_changed_at).not.toBeNull();
    const removed = await admin.client.delete(`/api/admin/crm/contacts/${id}/notes/${note.id}`);
    expect((removed.json() as CrmContact).notes).toEqual([]);

    const rows = await audits(id);
    expect(rows.map((r) => r.action).sort()).toEqual(['crm_contact.consent_changed', 'crm_contact.note_added', 'crm_contact.note_deleted', 'crm_contact.tags_changed']);
    expect(rows.find((r) => r.action === 'crm_contact.tags_changed')).toMatchObject({ actorUserId: admin.user.id, before: { tags: [] }, after: { tags: ['wholesale', 'big fan'] } });
    expect(rows.find((r) => r.action === 'crm_contact.consent_changed')).toMatchObject({ before: { marketing_consent: false }, after: { marketing_consent: true, consent_source: 'Asked by phone' } });

    for (const [method, url, body, field] of [
      ['patch', `/api/admin/crm/contacts/${id}`, { consent: { granted: true } }, 'consent.source'],
      ['patch', `/api/admin/crm/contacts/${id}`, { consent: { granted: 'yes' } }, 'consent.granted'],
      ['patch', `/api/admin/crm/contacts/${id}`, { tags: ['<script>'] }, 'tags.0'],
      ['patch', `/api/admin/crm/contacts/${id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      ['patch', `/api/admin/crm/contacts/${id}`, {}, 'tags'],
      ['patch', `/api/admin/crm/contacts/${id}`, { tags: [], name: 'x' }, undefined],
      ['post', `/api/admin/crm/contacts/${id}/notes`, { body: '   ' }, 'body'],
      ['post', `/api/admin/crm/contacts/${id}/notes`, { body: 'x'.repeat(5001) }, 'body'],
    ] as const) {
      const res = method === 'patch' ? await admin.client.patch(url, body) : await admin.client.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().error.field).toBe(field);
    }
    for (const query of ['sort=price', 'dir=up', 'page=0', 'consent=maybe']) {
      const res = await admin.client.get(`/api/admin/crm/contacts?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(query.split('=')[0]);
    }
    expect((await admin.client.get('/api/admin/crm/contacts/not-a-uuid')).json().error.field).toBe('id');
    const missing = await admin.client.get('/api/admin/crm/contacts/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CONTACT_NOT_FOUND');
    // Nothing above was stored.
    expect((await audits(id)).length).toBe(4);
  });

  it('exports the current filter as CSV, quoted and safe to open in a spreadsheet', async () => {
    const email = uniqueEmail('csv');
    await paidOrder(email, 'FRAME-A4-GOLD', '=HYPERLINK("x"), "Quoted" Name');
    await sync();
    const id = (await byEmail(email))!.id;
    await admin.client.patch(`/api/admin/crm/contacts/${id}`, { tags: ['csv-tag', 'ünïcode'] });
    const res = await admin.client.get(`/api/admin/crm/contacts.csv?q=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="certifiable-contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'email,name,tags,marketing_consent,consent_source,consent_changed_at,has_account,nominations_sent,nominations_received,orders,ltv_minor_units,currency,bug_reports,first_seen_at,last_activity_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${email},"'=HYPERLINK(""x""), ""Quoted"" Name",csv-tag; ünïcode,no,,,no,0,0,1,7499,USD,0,`);
    // Every contact when unfiltered (the header plus one line each).
    const all = await admin.client.get('/api/admin/crm/contacts.csv');
    const total = (await list()).total;
    expect(all.body.trim().split('\n')).toHaveLength(total + 1);
  });

  it("exports everything kept about an address, audited", async () => {
    const email = uniqueEmail('export');
    await nominate(freshClient(t.app), { award_id: awardId, nominator_email: email, nominator_name: 'Exa', nominee_name: 'Friend', reason: 'For exporting' });
    await nominate(freshClient(t.app), { award_id: awardId, nominee_email: email, nominee_name: 'Exa' });
    await paidOrder(email, 'PDF');
    await bugReport(email, 'Export bug');
    await sync();
    const id = (await byEmail(email))!.id;
    await admin.client.post(`/api/admin/crm/contacts/${id}/notes`, { body: 'Asked for their data' });
    await admin.client.patch(`/api/admin/crm/contacts/${id}`, { tags: ['privacy'] });
    const res = await admin.client.get(`/api/admin/crm/contacts/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`certifiable-contact-${id}.json`);
    const data = res.json() as CrmContactExport;
    expect(data.email).toBe(email);
    expect(data.contact).toMatchObject({ id, tags: ['privacy'] });
    expect(data.notes).toEqual([expect.objectContaining({ body: 'Asked for their data', author: 'Test Person' })]);
    expect(data.nominations_sent).toEqual([expect.objectContaining({ nominator_email: email, reason: 'For exporting' })]);
    expect(data.nominations_received).toEqual([expect.objectContaining({ nominee_email: email })]);
    expect(data.orders).toEqual([expect.objectContaining({ email })]);
    expect(data.bug_reports).toEqual([expect.objectContaining({ title: 'Export bug' })]);
    expect(data.mails.length).toBeGreaterThan(0);
    expect(data.account).toBeNull();
    expect((await audits(id)).map((r) => r.action)).toContain('crm_contact.exported');
  });

  it('erases an address everywhere after confirmation, keeps orders anonymised, and audits it without the address', async () => {
    const person = await signedInClient(t.app, { name: 'Erin Erased' });
    const email = person.user.email;
    const sent = await nominate(freshClient(t.app), { award_id: awardId, nominator_email: email, nominator_name: 'Erin', nominee_name: 'Pal' });
    const got = await nominate(freshClient(t.app), { award_id: awardId, nominee_email: email, nominee_name: 'Erin E.', is_public: true });
    const order = await paidOrder(email, 'PDF');
    // An order still waiting for its payment, with a one-use discount code.
    await t.database.db.insert(discountCodes).values({ code: 'ERASEDUSE', kind: 'percent', value: 10, usageLimit: 1 });
    const unpaidClient = new TestClient(t.app);
    const unpaid = (await placeOrder(unpaidClient, checkoutBody(shop.award.id, shop.variant('PDF').id, { email, shipping_address: null, shipping_method: null, discount_code: 'ERASEDUSE' })))
      .result!;
    const codeUses = async () => (await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'ERASEDUSE')))[0]!.usedCount;
    expect(await codeUses()).toBe(1);
    await bugReport(email, 'Erase bug');
    await sync();
    const id = (await byEmail(email))!.id;
    await admin.client.post(`/api/admin/crm/contacts/${id}/notes`, { body: 'Erin called: erase me' });
    // An audit row elsewhere that names the address: a resent order confirmation records where it went.
    expect((await admin.client.post(`/api/admin/orders/${order.order_id}/resend-confirmation`)).statusCode).toBe(200);
    await t.drain(); // the receipt, written by its job
    expect((await mailsTo(t.database.db, email)).map((m) => m.kind)).toContain('order_confirmation');

    const wrong = await admin.client.post(`/api/admin/crm/contacts/${id}/erase`, { confirm_email: 'someone@else.test' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('confirm_email');

    const res = await admin.client.post(`/api/admin/crm/contacts/${id}/erase`, { confirm_email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const { counts } = res.json() as CrmErasureResult;
    expect(counts).toMatchObject({ nominations_sent: 1, nominations_received: 1, certificates_withdrawn: 1, orders_anonymised: 2, bug_reports: 1, notes_deleted: 1, account_deleted: true });
    expect(counts.mails_deleted).toBeGreaterThan(0);

    const db = t.database.db;
    const [s] = await db.select().from(nominations).where(eq(nominations.certificateNumber, sent.certificate.certificate_number));
    expect(s).toMatchObject({ nominatorEmail: null, nominatorName: '', hidden: false });
    const [g] = await db.select().from(nominations).where(eq(nominations.certificateNumber, got.certificate.certificate_number));
    expect(g).toMatchObject({ nomineeEmail: null, nomineeName: 'Name withheld', hidden: true });
    expect((await db.select().from(claimTokens).where(eq(claimTokens.nominationId, g!.id))).every((tk) => tk.revokedAt !== null)).toBe(true);
    // Kept for bookkeeping, paid as it was (a PDF: nothing left to deliver, so complete), only its address gone.
    const [o] = await db.select().from(orderOverview).where(eq(orderOverview.id, order.order_id));
    expect(o).toMatchObject({ email: ERASED_ORDER_EMAIL, userId: null, status: 'completed', paymentStatus: 'paid', capturedTotal: shop.variant('PDF').price });
    // The unpaid one is cancelled: its discount's use goes back, its payment page is forgotten and can no longer take a card.
    const [u] = await db.select().from(orderOverview).where(eq(orderOverview.id, unpaid.order_id));
    expect(u).toMatchObject({ email: ERASED_ORDER_EMAIL, status: 'cancelled', paymentStatus: 'unpaid' });
    expect(await codeUses()).toBe(0);
    expect((await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, unpaid.order_id)))[0]!.paymentUrl).toBeNull();
    const late = await pay(unpaidClient, unpaid.payment_url, '4242424242424242');
    expect(late.res.statusCode).toBe(409);
    expect(late.res.json().error.code).toBe('PAYMENT_SESSION_EXPIRED');
    // The test processor, which keeps its records in the shop's database, forgot the address too.
    expect(await db.select().from(testPaymentSessions).where(sql`lower(${testPaymentSessions.email}) = ${email.toLowerCase()}`)).toEqual([]);
    expect((await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionOf(unpaid.payment_url))))[0]).toMatchObject({ email: ERASED_ORDER_EMAIL, status: 'expired' });
    expect((await db.select().from(bugReports).where(eq(bugReports.title, 'Erase bug')))[0]).toMatchObject({ reporterEmail: null, ip: null });
    expect(await db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email}`)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db.select().from(crmContacts).where(eq(crmContacts.id, id))).toEqual([]);
    expect((await admin.client.get(`/api/admin/crm/contacts/${id}`)).statusCode).toBe(404);
    // The withdrawn certificate is gone from public view.
    expect((await new TestClient(t.app).get(`/api/certificates/${got.certificate.share_id}`)).statusCode).toBe(410);
    // The audit log says who erased what and when, never the address; earlier rows about the contact lose their contents.
    const rows = await audits(id);
    const erased = rows.find((r) => r.action === 'crm_contact.erased')!;
    expect(erased).toMatchObject({ actorUserId: admin.user.id, after: counts });
    expect(JSON.stringify(rows)).not.toContain(email);
    expect(JSON.stringify(rows)).not.toContain('Erin called');
    const everywhere = await db.select().from(auditLog).where(sql`${auditLog.before}::text ilike ${`%${email}%`} or ${auditLog.after}::text ilike ${`%${email}%`}`);
    expect(everywhere).toEqual([]);
    const resent = await db.select().from(auditLog).where(and(eq(auditLog.entityId, order.order_id), eq(auditLog.action, 'order.confirmation_resent')));
    expect(resent[0]!.after).toEqual({ to: '[erased address]' });
    // The nightly run does not bring it back.
    await sync(true);
    expect(await db.select().from(crmContacts).where(eq(crmContacts.email, email))).toEqual([]);
    expect(await db.select().from(crmContacts).where(sql`${crmContacts.email} like '%@erased.invalid'`)).toEqual([]);
  });

  it('refuses to erase an admin, or while an order still has to be delivered', async () => {
    const other = await signedInClient(t.app, { admin: true });
    await bugReport(other.user.email);
    const shipping = uniqueEmail('shipping');
    await paidOrder(shipping);
    await sync();
    const a = (await byEmail(other.user.email))!;
    const res = await admin.client.post(`/api/admin/crm/contacts/${a.id}/erase`, { confirm_email: other.user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ACCOUNT_IS_ADMIN');
    const s = (await byEmail(shipping))!;
    const blocked = await admin.client.post(`/api/admin/crm/contacts/${s.id}/erase`, { confirm_email: shipping });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toMatchObject({ code: 'ORDERS_IN_PROGRESS' });
    expect(blocked.json().error.message).toMatch(/ORD-\d+ still has to be delivered/);
    // Nothing changed.
    expect((await byEmail(shipping))!.id).toBe(s.id);
    expect((await t.database.db.select().from(orders).where(eq(orders.email, shipping))).length).toBe(1);
  });

  it('waits while a funnel order is in its offer window: its print has not gone to the printer yet', async () => {
    const email = uniqueEmail('funnel');
    const client = new TestClient(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/api/funnel/checkout',
      headers: { 'idempotency-key': newKey() },
      payload: { email, recipient_name: 'Fay', shipping_address: US_ADDRESS, shipping_method: 'standard' },
    });
    expect(res.statusCode).toBe(200);
    const placed = res.json() as CheckoutResult;
    expect((await pay(client, placed.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
    const overview = async () => (await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, placed.order_id)))[0]!;
    // Paid, its one-time offers open: the print waits for them before it goes to the printer.
    expect(await overview()).toMatchObject({ channel: 'funnel', status: 'open', paymentStatus: 'paid', fulfilmentStatus: 'none' });
    await sync();
    const c = (await byEmail(email))!;
    const blocked = await admin.client.post(`/api/admin/crm/contacts/${c.id}/erase`, { confirm_email: email });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toMatchObject({ code: 'ORDERS_IN_PROGRESS', message: expect.stringContaining(`${placed.order_number} still has to be delivered`) });
    // The window closes: the print goes to the printer, to the street it was bought for.
    await t.drain({ delayed: true });
    expect(await overview()).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted', email, shippingAddress: { line1: US_ADDRESS.line1, city: US_ADDRESS.city } });
    expect((await admin.client.post(`/api/admin/crm/contacts/${c.id}/erase`, { confirm_email: email })).statusCode).toBe(409);
  });

  it('forgets what leaves no trace at once: a declined nomination\'s address, a deleted account\'s nominations', async () => {
    const contactRow = async (email: string) => (await t.database.db.select().from(crmContacts).where(eq(crmContacts.email, email)))[0];
    const decliner = uniqueEmail('decliner');
    const { claim_url } = await nominate(freshClient(t.app), { award_id: awardId, nominee_email: decliner, nominee_name: 'Dee Cliner' });
    const { client: member, user } = await signedInClient(t.app);
    await nominate(member, { award_id: awardId, nominator_email: user.email, nominator_name: 'Mem Ber', nominee_name: 'Someone' });
    await sync();
    expect(await contactRow(decliner)).toMatchObject({ nominationsReceived: 1 });
    expect(await contactRow(user.email)).toMatchObject({ nominationsSent: 1 });

    // No sync run in between: the change itself takes the contact along.
    expect((await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/decline`)).statusCode).toBe(200);
    expect(await contactRow(decliner)).toBeUndefined();
    expect((await member.delete('/api/account', { confirm_email: user.email, password: user.password })).statusCode).toBe(200);
    expect(await contactRow(user.email)).toBeUndefined();
  });

  it('a full run drops a contact whose sources are gone, unless an admin gave it tags, consent or notes', async () => {
    const gone = uniqueEmail('gone');
    const kept = uniqueEmail('kept');
    await bugReport(gone);
    await bugReport(kept);
    await sync();
    const keptId = (await byEmail(kept))!.id;
    await admin.client.patch(`/api/admin/crm/contacts/${keptId}`, { tags: ['keep'] });
    await t.database.db.delete(bugReports).where(sql`lower(${bugReports.reporterEmail}) in (${gone}, ${kept})`);
    await sync(true);
    expect(await byEmail(gone)).toBeUndefined();
    expect(await byEmail(kept)).toMatchObject({ id: keptId, bug_reports: 0, tags: ['keep'] });
  });
});
