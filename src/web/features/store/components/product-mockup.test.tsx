// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductMockup } from './product-mockup';

describe('ProductMockup', () => {
  it('shows the picture over a shimmer that goes once it has loaded', () => {
    render(<ProductMockup kind="oak" src="/api/certificates/preview.svg?award_id=a" title="Reply-All Champion" />);
    const img = screen.getByRole('img', { name: 'Reply-All Champion, in an oak frame' });
    expect(screen.getByTestId('mockup-skeleton')).toBeTruthy();
    fireEvent.load(img);
    expect(screen.queryByTestId('mockup-skeleton')).toBeNull();
  });

  it('says so in words when the picture does not load, never a broken image', () => {
    render(<ProductMockup kind="paper" src="/api/certificates/preview.svg?award_id=gone" title="Reply-All Champion" />);
    fireEvent.error(screen.getByRole('img', { name: 'Reply-All Champion, as a paper print' }));
    expect(screen.getByRole('status')).toHaveTextContent('The picture did not load. What you choose is still printed exactly as chosen.');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
