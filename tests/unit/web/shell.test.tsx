import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../domain/shared/app-config';
import { App } from '../../../web/src/app/App';
import { preloadAllPages, routes } from '../../../web/src/app/routes';
import { configureApiGatewayUrl } from '../../../web/src/lib/http';
import { createThemeStore } from '../../../web/src/lib/theme';
import { fakeColorScheme } from './fake-media';

// The pages are lazy (web/src/app/routes.tsx): loaded once here, they render as soon as they are opened.
beforeAll(() => preloadAllPages());

const config: AppConfig = {
  bootstrap: { apiGatewayUrl: '', basePath: '' },
  dynamic: {
    corsOrigin: ['http://localhost:3000'],
    featureFlags: { newAdminUI: false, aiSearchEnabled: false },
    publicKeys: { placesBrowserKey: null, crmPortalId: null, stripePublishableKey: null },
    analytics: { analyticsId: null, crmPortalId: null },
    aiConfig: { model: null, maxQueryLength: 500, maxResults: 10 },
    socialProviders: [],
    supportEmail: 'support@example.test',
    environment: 'test',
  },
};

function renderShell(path: string, osDark = false) {
  configureApiGatewayUrl(config.bootstrap.apiGatewayUrl);
  const os = fakeColorScheme(osDark);
  const themeStore = createThemeStore({ storage: localStorage, matchMedia: os.matchMedia, root: document.documentElement, events: window });
  const tracker = { trackPageView: vi.fn(), dispose: vi.fn() };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App shell={{ config, tracker, router }} themeStore={themeStore} />);
  return { tracker, os, router };
}

function expectOneMainAndOneH1() {
  expect(screen.getAllByRole('main')).toHaveLength(1);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  delete document.documentElement.dataset.theme;
});

describe('the shell', () => {
  it('shows the home page with the product name, a welcome and the environment', () => {
    renderShell('/');
    expectOneMainAndOneH1();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Objectivism Learning Platform');
    expect(screen.getByText('Test environment')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('links the footer to the terms, the privacy policy and support', () => {
    renderShell('/');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@example.test');
  });

  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('renders %s with a breadcrumb and the support address', (path, title) => {
    renderShell(path);
    expectOneMainAndOneH1();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(`Home/${title}`);
    expect(screen.getAllByRole('link', { name: 'support@example.test' }).length).toBeGreaterThan(0);
  });

  it('answers an unknown path with the not-found page', () => {
    renderShell('/no/such/page');
    expectOneMainAndOneH1();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('reports each route change to the page tracker and moves focus to the new content', async () => {
    const user = userEvent.setup();
    const { tracker } = renderShell('/');
    expect(tracker.trackPageView).toHaveBeenLastCalledWith('/');
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(tracker.trackPageView).toHaveBeenLastCalledWith('/privacy');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('switches the theme from the header and remembers it', async () => {
    const user = userEvent.setup();
    renderShell('/');
    const themes = screen.getByRole('group', { name: 'Theme' });
    expect(within(themes).getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(within(themes).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(within(themes).getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it('follows the operating system while System is chosen', () => {
    const { os } = renderShell('/', false);
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => os.setDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
