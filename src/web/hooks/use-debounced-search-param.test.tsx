// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { useDebouncedSearchParam, withParams, type DebouncedSearchParamOptions } from './use-debounced-search-param';

function SearchBox(options: DebouncedSearchParamOptions) {
  const { text, setText, search, commit } = useDebouncedSearchParam(options);
  const location = useLocation();
  const navigation = useNavigationType();
  return (
    <>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          commit();
        }}
      >
        <input type="search" aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      </form>
      <p data-testid="search">{search}</p>
      <p data-testid="url">{`${location.search} (${navigation})`}</p>
      <Link to="?search=dogs">Dogs</Link>
    </>
  );
}

function renderAt(path: string, options: DebouncedSearchParamOptions = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SearchBox {...options} />
    </MemoryRouter>,
  );
  // No pause between keys (delay: null): the debounce timer cannot fire in the middle of typing.
  return userEvent.setup({ delay: null });
}

const box = () => screen.getByRole('searchbox', { name: 'Search' });
const url = () => screen.getByTestId('url').textContent;

describe('useDebouncedSearchParam', () => {
  it('shows each keystroke at once and writes the trimmed text to the URL after the pause, replacing the entry and resetting the page', async () => {
    const user = renderAt('/admin/users?page=3&role=x', { resets: ['page'], delay: 300 });
    await user.type(box(), ' cats ');
    expect(box()).toHaveValue(' cats ');
    expect(url()).toBe('?page=3&role=x (POP)');
    await waitFor(() => expect(url()).toBe('?role=x&search=cats (REPLACE)'));
    expect(screen.getByTestId('search')).toHaveTextContent('cats');
    // The box keeps what is being typed (the trailing space) rather than echoing the URL back.
    expect(box()).toHaveValue(' cats ');
  });

  it('writes the URL at once when the search is submitted, without waiting for the pause', async () => {
    const user = renderAt('/gallery?page=2', { resets: ['page'], delay: 60_000 });
    await user.type(box(), ' owls {Enter}');
    expect(url()).toBe('?search=owls (REPLACE)');
    expect(screen.getByTestId('search')).toHaveTextContent('owls');
  });

  it('follows the URL when it changes some other way', async () => {
    const user = renderAt('/gallery?search=cats');
    expect(box()).toHaveValue('cats');
    await user.click(screen.getByRole('link', { name: 'Dogs' }));
    expect(box()).toHaveValue('dogs');
    expect(screen.getByTestId('search')).toHaveTextContent('dogs');
  });

  it('drops the key when the box is emptied', async () => {
    const user = renderAt('/gallery?search=cats', { delay: 250 });
    await user.clear(box());
    await waitFor(() => expect(url()).toBe(' (REPLACE)'));
  });

  it('neither reads nor writes the URL when turned off', async () => {
    // A clock the test moves: every timer the typing set has run before the URL is read.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = renderAt('/?search=cats', { enabled: false, delay: 10 });
      expect(box()).toHaveValue('');
      await user.type(box(), 'dogs');
      act(() => vi.advanceTimersByTime(100));
    } finally {
      vi.useRealTimers();
    }
    expect(url()).toBe('?search=cats (POP)');
  });
});

describe('withParams', () => {
  it('sets keys with a value and removes empty or missing ones, leaving the rest', () => {
    const next = withParams(new URLSearchParams('a=1&b=2&c=3'), { a: 'x', b: '', c: undefined, d: 'new' });
    expect(next.toString()).toBe('a=x&d=new');
  });
});
