import { describe, expect, it } from 'vitest';

/**
 * The bench sections that run the app's own code in this process (no build) seed their own data in SQL, and a schema
 * change can leave them behind without any test noticing: after issue 15 moved the payment columns off `orders`,
 * `npm run bench` stopped at its analytics section. Each runs here with a small data set and generous budgets, so
 * only a section that no longer runs fails — their timings are measured by `npm run bench`, never here.
 */
process.env.BENCH_ANALYTICS_EVENTS = '2000';
process.env.BENCH_ANALYTICS_BUDGET_MS = '60000';
process.env.BENCH_CRM_ROWS = '600';
process.env.BENCH_CRM_BUDGET_MS = '60000';
process.env.BENCH_AUDIT_ROWS = '300';
process.env.BENCH_AUDIT_BUDGET_MS = '60000';

describe('the in-process bench sections still run against the current schema', () => {
  it('analytics: seeds events and paid orders, rolls them up and reports the paid ones', async () => {
    const { analyticsQueries } = await import('./analytics-queries');
    const result = await analyticsQueries();
    expect(result.failed).toBe(false);
    // 5,000 orders, of which the paid and the partly refunded count as sold (4 in 6).
    expect(result.lines.join('\n')).toMatch(/\b3334 orders\b/);
  }, 120_000);

  it('CRM: seeds orders with their payments and syncs a contact per address (360 buyers, 180 nominees)', async () => {
    const { crmContacts } = await import('./crm-contacts');
    const result = await crmContacts();
    expect(result.failed).toBe(false);
    expect(result.lines.join('\n')).toMatch(/→ 540 contacts/);
  }, 120_000);

  it('audit log: seeds admin changes and security events and lists them', async () => {
    const { auditList } = await import('./audit-list');
    const result = await auditList();
    expect(result.failed).toBe(false);
    expect(result.lines[0]).toMatch(/^audit log embedded PGlite: 300 admin changes \+ 1,800 security events/);
  }, 120_000);
});
