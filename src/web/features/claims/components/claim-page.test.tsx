// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { Certificate, CreateNominationBody, CreateNominationResult } from '@/contract/nominations';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { ClaimPage } from './claim-page';

let server: LiveApp;
beforeAll(async () => {
  server = await startLiveApp();
});
afterAll(() => server?.close());

/** Files a nomination through the API, as a visitor who is not signed in. */
async function fileNomination(body: Partial<CreateNominationBody> & { nominee_name: string }) {
  const awards = (await server.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>();
  const res = await server.app.inject({ method: 'POST', url: '/api/nominations', payload: { award_id: awards[0]!.id, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreateNominationResult>();
}

const tokenOf = (claimUrl: string) => new URL(claimUrl, 'http://x').pathname.split('/claim/')[1]!;
const renderClaim = (token: string) => renderWithApp(<ClaimPage token={token} />, { path: `/claim/${token}` });
const certificate = async (shareId: string) => (await server.app.inject({ method: 'GET', url: `/api/certificates/${shareId}` })).json<Certificate>();

describe('ClaimPage', () => {
  it('greets the nominee by first name and accepts the honour', async () => {
    const filed = await fileNomination({ nominee_name: 'Dana Okafor', nominator_name: 'Sam', reason: 'For replying to every email with a thumbs up.' });
    const { user } = renderClaim(tokenOf(filed.claim_url));

    expect(await screen.findByRole('heading', { level: 1, name: 'You have been officially recognised, Dana.' })).toBeVisible();
    expect(screen.getByText('“For replying to every email with a thumbs up.”')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in first' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent(`/claim/${tokenOf(filed.claim_url)}`)}`);

    await user.click(screen.getByRole('button', { name: 'Accept the honour' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Congratulations, Dana. It’s yours.' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('The honour is on the record. Frame it, post it, or bring it up at every opportunity.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download PNG' })).toHaveAttribute('href', filed.certificate.urls.print_png);
    expect(screen.getByLabelText('Link to your certificate')).toHaveValue(`${server.origin}${filed.certificate.urls.page}`);
    expect((await certificate(filed.certificate.share_id)).status).toBe('claimed');
  });

  it('asks before declining, keeps it when told to, and declines for good', async () => {
    const filed = await fileNomination({ nominee_name: 'Robin Banks', is_public: true });
    const { user } = renderClaim(tokenOf(filed.claim_url));

    await user.click(await screen.findByRole('button', { name: 'No thanks, decline this award' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline this award?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await certificate(filed.certificate.share_id)).status).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'No thanks, decline this award' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline this award?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline for good' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Declined. The certificate has been withdrawn.' })).toBeVisible();
    expect(screen.getByText('No hard feelings. The committee has shredded the paperwork and will not bring it up again.')).toBeVisible();
    const gone = await server.app.inject({ method: 'GET', url: `/api/certificates/${filed.certificate.share_id}` });
    expect(gone.json<{ error: { code: string } }>().error.code).toBe('CERTIFICATE_WITHDRAWN');
  });

  it('tells whoever opens a used link that it was declined', async () => {
    const filed = await fileNomination({ nominee_name: 'Pat Later' });
    const token = tokenOf(filed.claim_url);
    const declined = await server.app.inject({ method: 'POST', url: `/api/claims/${token}/decline` });
    expect(declined.statusCode).toBe(200);
    renderClaim(token);

    expect(await screen.findByRole('heading', { level: 1, name: 'This award has been declined' })).toBeVisible();
    expect(screen.getByText('Someone with this link declined it, so the certificate was withdrawn and the link has retired with it.')).toBeVisible();
  });

  it('says an unknown link leads nowhere', async () => {
    renderClaim('x'.repeat(43));

    expect(await screen.findByRole('heading', { level: 1, name: "This claim link doesn't lead anywhere" })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the community wall' })).toHaveAttribute('href', '/community');
  });
});
