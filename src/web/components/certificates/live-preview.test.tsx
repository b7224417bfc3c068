// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { CertificatePreviewBody } from '@/contract/nominations';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { toPreviewBody } from '@/web/lib/nomination-draft';
import { queryKeys } from '@/web/lib/query-keys';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { LivePreview, PREVIEW_DEBOUNCE_MS } from './live-preview';

let server: LiveApp;
let awardId: string;
beforeAll(async () => {
  server = await startLiveApp('/nominate');
  awardId = (await server.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>()[0]!.id;
});
afterAll(() => server?.close());

const previews = () => server.requests.filter((r) => r === 'POST /api/certificates/preview').length;

/** A name box and the preview, wired as the nomination form wires them. */
function NameAndPreview() {
  const [name, setName] = useState('');
  const body = useDebouncedValue(toPreviewBody({ award_id: awardId, nominee_name: name }), PREVIEW_DEBOUNCE_MS);
  return (
    <>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <LivePreview body={body} alt={`Certificate preview for ${body?.nominee_name || 'nobody yet'}`} />
    </>
  );
}

describe('LivePreview', () => {
  it('asks the server once per pause in typing, with the latest words, and says when it has redrawn', async () => {
    // No pause between keys (delay: null): the debounce timer cannot fire in the middle of the word.
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderWithApp(<NameAndPreview />, { path: '/nominate' });
    expect(await screen.findByText('Certificate preview updated.')).toBeInTheDocument();
    expect(previews()).toBe(1);

    await user.type(screen.getByLabelText('Name'), 'Sam');
    expect(await screen.findByRole('img', { name: 'Certificate preview for Sam' })).toBeInTheDocument();
    expect(await screen.findByText('Certificate preview updated.')).toBeInTheDocument();

    expect(previews()).toBe(2);
    const drawn = queryClient
      .getQueryCache()
      .findAll({ queryKey: queryKeys.certificatePreviews.all })
      .map((q) => (q.queryKey[1] as CertificatePreviewBody).nominee_name);
    expect(drawn).toEqual(['', 'Sam']);
  });
});
