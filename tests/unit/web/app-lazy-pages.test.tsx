/**
 * Lazy pages (web/src/app/lazy-page.ts, routes.tsx): the layout shows at once with an accessible
 * spinner where the page will be; a page whose code cannot be downloaded says so and offers a
 * reload instead of a blank screen; a preloaded page renders without a spinner.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../../web/src/app/Layout';
import { lazyPage, preloadPage } from '../../../web/src/app/lazy-page';
import { isChunkLoadError, RouteErrorPage } from '../../../web/src/app/RouteErrorPage';
import { fakeAuthServer, renderWithAuth } from './auth-fixtures';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function SlowContent() {
  return <h1>The slow page</h1>;
}

const shell = (page: ReactElement) => [{ element: <Layout />, errorElement: <RouteErrorPage />, children: [{ path: 'page', element: page }] }];

beforeEach(() => {
  fakeAuthServer();
});

describe('a lazy page', () => {
  it('shows the layout and a spinner while its code downloads, then the page', async () => {
    const code = deferred<{ SlowContent: typeof SlowContent }>();
    const SlowPage = lazyPage(() => code.promise, 'SlowContent');
    renderWithAuth({ path: '/page', routes: shell(<SlowPage />) });
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('status')).toHaveTextContent('Loading the page…');
    expect(screen.getAllByRole('banner')[0]).toBeInTheDocument();
    await act(async () => code.resolve({ SlowContent }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page…')).toBeNull();
  });

  it('renders at once when its code was preloaded', async () => {
    const SlowPage = lazyPage(async () => ({ SlowContent }), 'SlowContent');
    preloadPage(SlowPage);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    renderWithAuth({ path: '/page', routes: shell(<SlowPage />) });
    expect(screen.getByRole('heading', { level: 1, name: 'The slow page' })).toBeInTheDocument();
  });

  it('offers a reload when its code cannot be downloaded', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const BrokenPage = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/LoginPage-abc123.js')), 'SlowContent');
    renderWithAuth({ path: '/page', routes: shell(<BrokenPage />) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be downloaded' })).toBeInTheDocument();
    expect(screen.getByText('Your connection may have dropped, or the site has just been updated. Reload to get the latest version.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: https://x/assets/a.js', true],
    ['Firefox', 'error loading dynamically imported module: https://x/assets/a.js', true],
    ['Safari', 'Importing a module script failed.', true],
    ['a render error', "Cannot read properties of undefined (reading 'title')", false],
  ])('%s', (_browser, message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});
