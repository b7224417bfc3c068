import { describe, expect, it } from 'vitest';
import { refundFormSchema } from './refund-form';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const schema = refundFormSchema(2999, money);
const messages = (amount: string) => schema.safeParse({ amount, reason: '' }).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the refund form', () => {
  it('asks for an amount, more than nothing and no more than is left', () => {
    expect(messages('twelve')).toEqual([['amount', 'Enter an amount such as 12.50']]);
    expect(messages('')).toEqual([['amount', 'Enter an amount such as 12.50']]);
    expect(messages('0.00')).toEqual([['amount', 'Enter an amount such as 12.50']]);
    expect(messages('30.00')).toEqual([['amount', 'At most $29.99 can be refunded']]);
  });

  it('sends the contract’s body: no amount for everything left, the reason trimmed', () => {
    expect(schema.parse({ amount: '29.99', reason: '  Frame corner scuffed ' })).toEqual({ reason: 'Frame corner scuffed' });
    expect(schema.parse({ amount: '$10', reason: '' })).toEqual({ amount: 1000, reason: '' });
  });
});
