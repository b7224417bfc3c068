// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

let shouldThrow = true;

function Flaky({ message }: { message: string }) {
  if (shouldThrow) throw new Error(message);
  return <p>All good</p>;
}

/** A page inside the boundary, with a link-like button that changes the path (the boundary's resetKey). */
function Harness({ message }: { message: string }) {
  const [path, setPath] = useState('/a');
  return (
    <>
      <button type="button" onClick={() => setPath('/b')}>
        Go to another page
      </button>
      <ErrorBoundary resetKey={path}>
        <Flaky message={message} />
      </ErrorBoundary>
    </>
  );
}

beforeEach(() => {
  // React reports caught render errors through console.error/warn; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  shouldThrow = true;
});

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong', the error's message, Try Again and Reload Page", () => {
    render(<Harness message="The stapler jammed" />);
    expect(screen.getByRole('alert')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByText('The stapler jammed')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  });

  it("falls back to 'An unexpected error occurred' when the error has no message", () => {
    render(<Harness message="" />);
    expect(screen.getByText('An unexpected error occurred')).toBeVisible();
  });

  it('Try Again renders the page again', async () => {
    const user = userEvent.setup();
    render(<Harness message="boom" />);
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('navigating away clears the error', async () => {
    const user = userEvent.setup();
    render(<Harness message="boom again" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Go to another page' }));
    expect(screen.getByText('All good')).toBeVisible();
  });
});
