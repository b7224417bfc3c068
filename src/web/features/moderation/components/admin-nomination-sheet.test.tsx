// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminNomination } from '@/contract/nominations';
import { stubApi } from '@/web/test/api-stub';
import { renderWithApp } from '@/web/test/render';
import { AdminNominationSheet } from './admin-nomination-sheet';

const NOMINATION: AdminNomination = {
  id: 'c0a8012e-0000-4000-8000-000000000020',
  share_id: 'AbCdEfGh12345678',
  certificate_number: 'CERT-0042',
  award: { id: 'c0a8012e-0000-4000-8000-000000000021', title: 'Reply-All Champion', tagline: null, description: '', image_url: null, category: null },
  template: { id: 'c0a8012e-0000-4000-8000-000000000022', slug: 'classic', name: 'Classic' },
  nominee_name: 'Dana',
  reason: '',
  nominator_name: 'Anonymous',
  is_public: true,
  status: 'claimed',
  issued_at: '2026-11-20T10:00:00.000Z',
  urls: { page: '/certificate/AbCdEfGh12345678', svg: '/x.svg', share_png: '/x.png', print_png: '/x.png', pdf: '/x.pdf' },
  reactions: { applause: 0, laugh: 0, salute: 0 },
  my_reaction: null,
  nominee_email: null,
  nominator_email: null,
  nominator_user_id: null,
  claimed_by_user_id: null,
  hidden: false,
  hidden_reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  claimed_at: null,
  declined_at: null,
};

// The network boundary: the nomination as the admin API has it; hiding is refused as `api.refusal` says.
const api = stubApi(() => NOMINATION);

describe('hiding a nomination', () => {
  it('asks for a reason under its field before anything is sent; a refusal goes there too', async () => {
    const { user } = renderWithApp(<AdminNominationSheet id={NOMINATION.id} onClose={() => undefined} />);
    const sheet = within(await screen.findByRole('dialog', { name: 'Dana' }));
    await user.click(sheet.getByRole('button', { name: 'Hide' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Hide this certificate?' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason (for the audit log)' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Hide it' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason (for the audit log)' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Please give a reason for hiding it');
    expect(api.sent).toEqual([]);

    api.refusal = { status: 404, error: { code: 'NOT_FOUND', message: 'There is no nomination with this id.' } };
    await user.type(reason, ' Unkind ');
    await user.click(dialog.getByRole('button', { name: 'Hide it' }));
    expect(await dialog.findByText('There is no nomination with this id.')).toBeVisible();
    expect(reason).toHaveAccessibleDescription('There is no nomination with this id.');
    expect(api.sent).toEqual([{ method: 'POST', path: `/api/admin/nominations/${NOMINATION.id}/hide`, body: { reason: 'Unkind' } }]);
  });
});
