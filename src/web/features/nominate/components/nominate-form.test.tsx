// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { Certificate } from '@/contract/nominations';
import { Navigate, Route, Routes } from 'react-router';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { NominateForm } from './nominate-form';
import { NominationSuccess } from './nomination-success';

let server: LiveApp;
let biscuit: Award;
beforeAll(async () => {
  server = await startLiveApp('/nominate');
  const awards = (await server.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>();
  biscuit = awards.find((a) => a.title === 'Order of the Last Biscuit')!;
});
afterAll(() => server?.close());

/** The form at `path` (or reached from /designs with router `state`), and the page it leads to. */
const renderForm = (path: string, state?: unknown) =>
  renderWithApp(
    <Routes>
      <Route path="/designs" element={<Navigate to="/nominate" state={state} />} />
      <Route path="/nominate" element={<NominateForm />} />
      <Route path="/nominate/success" element={<NominationSuccess />} />
    </Routes>,
    { path: state ? '/designs' : path },
  );
const posts = () => server.requests.filter((r) => r === 'POST /api/nominations').length;
const combobox = () => screen.getByRole('combobox', { name: 'Search awards' });

describe('NominateForm', () => {
  it('arrives with the award from ?award=, names the button after the nominee, files the nomination and shows the links', async () => {
    const { user } = renderForm(`/nominate?award=${biscuit.id}`);

    expect(await screen.findByTestId('selected-award')).toHaveTextContent('Order of the Last Biscuit');
    expect(screen.getByRole('button', { name: 'Nominate them' })).toBeVisible();
    await user.type(screen.getByLabelText("Nominee's name"), 'Dana Okafor');
    await user.type(screen.getByLabelText('Reason'), 'For leaving one biscuit, every time.');
    expect(screen.getByLabelText('36 of 280 characters used')).toHaveTextContent('36/280');
    await user.click(screen.getByLabelText(/^Private/));
    await user.click(screen.getByRole('button', { name: 'Nominate Dana' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'It’s official. Dana Okafor has been recognised.' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Private: only people with the link can see it')).toBeVisible();
    const pageUrl = (screen.getByTestId('certificate-link') as HTMLInputElement).value;
    expect(pageUrl).toMatch(new RegExp(`^${server.origin}/certificate/[0-9A-Za-z]{16}$`));
    expect((screen.getByTestId('claim-link') as HTMLInputElement).value).toMatch(new RegExp(`^${server.origin}/claim/[\\w-]{43}$`));

    // Filed on the server with what was typed.
    const shareId = pageUrl.split('/certificate/')[1]!;
    const filed = (await server.app.inject({ method: 'GET', url: `/api/certificates/${shareId}` })).json<Certificate>();
    expect(filed).toMatchObject({ nominee_name: 'Dana Okafor', reason: 'For leaving one biscuit, every time.', nominator_name: 'Anonymous', is_public: false, status: 'pending' });
    expect(filed.award.id).toBe(biscuit.id);
  });

  it('checks its fields on submit and sends focus to the first one wrong, in page order', async () => {
    const { user } = renderForm('/nominate');
    await screen.findAllByRole('option');
    const filedBefore = posts();

    await user.click(screen.getByRole('button', { name: 'Nominate them' }));
    expect(await screen.findByText('Please choose an award')).toBeVisible();
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-invalid', 'true');

    await user.keyboard('biscuit{Enter}');
    expect(screen.getByTestId('selected-award')).toHaveTextContent('Order of the Last Biscuit');
    await waitFor(() => expect(screen.getByLabelText("Nominee's name")).toHaveFocus());

    await user.type(screen.getByLabelText('Their email (optional)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Nominate them' }));
    expect(await screen.findByText("The nominee's name is required")).toBeVisible();
    expect(screen.getByLabelText("Nominee's name")).toHaveFocus();
    expect(screen.getByText("That doesn't look like an email address. Check it, or leave it empty.")).toBeVisible();
    expect(posts()).toBe(filedBefore);
  });

  it('says so when the award in the link is no longer issued, and lets you choose another', async () => {
    const { user } = renderForm('/nominate?award=00000000-0000-4000-8000-000000000000');

    expect(await screen.findByText('That award is no longer issued')).toBeVisible();
    await user.type(combobox(), 'biscuit{Enter}');
    expect(screen.queryByText('That award is no longer issued')).not.toBeInTheDocument();
  });

  it('fills in the words handed over from the designs page', async () => {
    renderForm('/nominate', { draft: { award_id: biscuit.id, nominee_name: 'Robin', reason: 'For the loudest crunch.' } });

    expect(await screen.findByTestId('selected-award')).toHaveTextContent('Order of the Last Biscuit');
    expect(screen.getByLabelText("Nominee's name")).toHaveValue('Robin');
    expect(screen.getByLabelText('Reason')).toHaveValue('For the loudest crunch.');
    expect(screen.getByRole('button', { name: 'Nominate Robin' })).toBeVisible();
  });
});
