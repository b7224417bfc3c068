import { describe, expect, it } from 'vitest';
import { draftFromState, toPreviewBody } from './nomination-draft';

const AWARD = '0b5e6a1c-6a0e-4c55-9f3b-3b7a1f0e2d11';
const TEMPLATE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('nomination draft', () => {
  it('previews only once an award is chosen, clipping long drafts', () => {
    expect(toPreviewBody({ award_id: '', nominee_name: 'Dana' })).toBeNull();
    expect(toPreviewBody({ award_id: 'not-a-uuid' })).toBeNull();
    const p = toPreviewBody({ award_id: AWARD, template_id: TEMPLATE, nominee_name: ' Dana ', reason: 'y'.repeat(400), nominator_name: '' });
    expect(p).toEqual({ award_id: AWARD, template_id: TEMPLATE, nominee_name: 'Dana', reason: 'y'.repeat(280), nominator_name: '' });
    expect(toPreviewBody({ award_id: AWARD, template_id: '' })).toEqual({ award_id: AWARD, nominee_name: '', reason: '', nominator_name: '' });
  });

  it('reads the words the designs page handed over in router state, and nothing else', () => {
    expect(draftFromState({ draft: { award_id: AWARD, nominee_name: 'Dana', reason: '', extra: 'x' } })).toEqual({ award_id: AWARD, nominee_name: 'Dana' });
    expect(draftFromState({ draft: 'Dana' })).toBeNull();
    expect(draftFromState(null)).toBeNull();
  });
});
