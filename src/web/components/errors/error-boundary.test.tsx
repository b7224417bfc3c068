// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let shouldThrow = true;

function Flaky({ message }: { message: string }) {
  if (shouldThrow) throw new Error(message);
  return <p>All good</p>;
}

function Harness({ message }: { message: string }) {
  const [path, setPath] = useState('/a');
  return (
    <>
      <button type="button" data-testid="navigate" onClick={() => setPath('/b')}>
        go
      </button>
      <ErrorBoundary resetKey={path}>
        <Flaky message={message} />
      </ErrorBoundary>
    </>
  );
}

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;

beforeEach(() => {
  // React reports caught render errors through console.error/warn; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  shouldThrow = true;
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong', the error's message, Try Again and Reload Page", () => {
    act(() => root.render(<Harness message="The stapler jammed" />));
    expect(container.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(container.textContent).toContain('The stapler jammed');
    expect(button('Try Again')).toBeDefined();
    expect(button('Reload Page')).toBeDefined();
  });

  it("falls back to 'An unexpected error occurred' when the error has no message", () => {
    act(() => root.render(<Harness message="" />));
    expect(container.textContent).toContain('An unexpected error occurred');
  });

  it('Try Again renders the page again, and navigating away clears the error', () => {
    act(() => root.render(<Harness message="boom" />));
    shouldThrow = false;
    act(() => button('Try Again')!.click());
    expect(container.textContent).toContain('All good');

    shouldThrow = true;
    act(() => root.render(<Harness message="boom again" />));
    act(() => root.render(<Harness message="boom again" key="remount" />));
    expect(container.textContent).toContain('Something went wrong');
    shouldThrow = false;
    act(() => (container.querySelector('[data-testid="navigate"]') as HTMLButtonElement).click());
    expect(container.textContent).toContain('All good');
  });
});
