import { describe, expect, it } from 'vitest';
import { emptyNomination, NOMINATION_SERVER_FIELDS, nominationFormSchema, submitLabel, toCreateBody } from './nomination-form';

const AWARD = '0b5e6a1c-6a0e-4c55-9f3b-3b7a1f0e2d11';
const TEMPLATE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('nomination form', () => {
  it('asks for an award and a name, with the contract’s messages', () => {
    const r = nominationFormSchema.safeParse(emptyNomination);
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages.award_id).toBe('Please choose an award');
    expect(messages.nominee_name).toBe("The nominee's name is required");
  });

  it('rejects a bad email and an over-long reason', () => {
    const r = nominationFormSchema.safeParse({ ...emptyNomination, award_id: AWARD, nominee_name: 'Dana', nominee_email: 'nope', reason: 'x'.repeat(281) });
    const fields = r.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['nominee_email', 'reason']));
  });

  it('builds the request body: trimmed, lower-cased emails, empty optionals left out', () => {
    const out = nominationFormSchema.parse({
      ...emptyNomination,
      award_id: AWARD,
      nominee_name: '  Dana  ',
      nominee_email: 'Dana@Example.TEST',
      visibility: 'private',
    });
    expect(toCreateBody(out)).toEqual({ award_id: AWARD, nominee_name: 'Dana', nominee_email: 'dana@example.test', reason: '', nominator_name: '', is_public: false });
  });

  it('passes the honeypot through when a bot fills it', () => {
    const out = nominationFormSchema.parse({ ...emptyNomination, award_id: AWARD, nominee_name: 'D', website: 'http://spam', template_id: TEMPLATE });
    expect(toCreateBody(out)).toMatchObject({ website: 'http://spam', template_id: TEMPLATE, is_public: true });
  });

  it('names the server’s is_public as the visibility choice (showFieldError puts its errors there)', () => {
    expect(NOMINATION_SERVER_FIELDS).toEqual({ is_public: 'visibility' });
    expect(Object.values(NOMINATION_SERVER_FIELDS).every((f) => f in emptyNomination)).toBe(true);
  });

  it('labels the button with the first name', () => {
    expect(submitLabel('Dana Scully')).toBe('Nominate Dana');
    expect(submitLabel('   ')).toBe('Nominate them');
    expect(submitLabel('Bartholomew-Fitzwilliam-Smythe')).toBe('Nominate Bartholomew-Fitzw…');
  });
});
