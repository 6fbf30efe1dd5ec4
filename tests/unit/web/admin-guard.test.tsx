/**
 * Who reaches the admin pages: members whose roles grant content.edit (CONTENT_EDITOR, ADMIN) see
 * them and the header's 'Admin' link; other members get a clear 'not allowed' page; visitors are sent
 * to sign in. The lifecycle moves offered follow the same permission table, and the server's
 * refusal of a move is shown as it said it.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminNavLink } from '../../../web/src/features/admin/AdminNavLink';
import { canEditContent } from '../../../web/src/features/admin/permissions';
import { allowedMoves, moveLabel, StatusPanel } from '../../../web/src/features/admin/StatusPanel';
import { aUser, probe, renderWithAuth } from './auth-fixtures';
import { anEditor, fakeAdminServer, preloadAdminPages, renderAdmin, trpcOk, where } from './admin-fixtures';

beforeAll(preloadAdminPages, 60_000);

describe('the permission', () => {
  it('is content.edit, held by content editors and administrators only', () => {
    expect(canEditContent(['MEMBER', 'CONTENT_EDITOR'])).toBe(true);
    expect(canEditContent(['MEMBER', 'ADMIN'])).toBe(true);
    for (const role of ['MEMBER', 'TEACHER', 'STUDENT', 'GRADER', 'PROGRAM_ADMIN', 'CONTEST_ADMIN']) expect(canEditContent([role])).toBe(false);
    expect(canEditContent([])).toBe(false);
  });
});

describe('the admin pages', { timeout: 30_000 }, () => {
  it('send a visitor to sign in, and back here afterwards', async () => {
    fakeAdminServer(null);
    renderAdmin('/admin/content?type=BOOK');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(where.path).toBe(`/login?redirect=${encodeURIComponent('/admin/content?type=BOOK')}`);
  });

  it('tell a member without the role they are not allowed, and ask the server nothing', async () => {
    const server = fakeAdminServer(aUser({ roles: ['MEMBER', 'TEACHER'] }));
    renderAdmin('/admin/content/new/book');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText(/Your account is not allowed to edit the library/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/trpc/'))).toEqual([]);
  });

  it('open for a content editor, with the admin navigation', async () => {
    const server = fakeAdminServer(anEditor());
    server.on('GET /trpc/library.list', trpcOk({ items: [], total: 0, page: 1, limit: 20, totalPages: 0 }));
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
    expect(where.path).toBe('/admin/content');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(await screen.findByText(/The library is empty/)).toBeInTheDocument();
  });

  it('list content with its filters in the address and ask the server for them', async () => {
    const server = fakeAdminServer(anEditor({ roles: ['MEMBER', 'ADMIN'] }));
    server.on(
      'GET /trpc/library.list',
      trpcOk({
        items: [{ id: '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11', type: 'BOOK', title: 'Anthem', slug: 'anthem', status: 'REVIEW', updatedAt: '2026-03-01T00:00:00.000Z' }],
        total: 41,
        page: 2,
        limit: 20,
        totalPages: 3,
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/admin/content?type=BOOK&status=REVIEW&q=anth&page=2');
    expect(await screen.findByRole('link', { name: 'Anthem' })).toHaveAttribute('href', '/admin/content/book/6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11');
    expect(screen.getByText('41 items')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New book' })).toHaveAttribute('href', '/admin/content/new/book');
    const [list] = server.callsTo('GET /trpc/library.list');
    expect(JSON.parse(list!.query.get('input')!)).toMatchObject({ search: 'anth', page: 2, limit: 20, filter: { type: 'BOOK', status: 'REVIEW' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'DRAFT');
    await waitFor(() => expect(where.path).toBe('/admin/content?type=BOOK&status=DRAFT&q=anth'));
  });
});

describe('the header link', () => {
  const header = async (roles: string[] | null) => {
    const server = fakeAdminServer(roles ? aUser({ roles }) : null);
    renderWithAuth({ path: '/', routes: [{ path: '/', element: <ul><AdminNavLink /><li>Home</li></ul> }] });
    await waitFor(() => expect(probe.auth?.settled).toBe(true));
    expect(probe.auth?.state.isAuthenticated).toBe(roles !== null);
    expect(server.callsTo('GET /api/auth/auth-status').length).toBeGreaterThan(0);
  };

  it('shows Admin to content editors and administrators', async () => {
    await header(['MEMBER', 'CONTENT_EDITOR']);
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('hides it from other members and visitors', async () => {
    await header(['MEMBER', 'GRADER']);
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    cleanup();
    await header(null);
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });
});

describe('the lifecycle moves', () => {
  it('follow domain/content/lifecycle.ts and the roles', () => {
    expect(allowedMoves('DRAFT', ['CONTENT_EDITOR'])).toEqual(['REVIEW', 'PUBLISHED', 'ARCHIVED']);
    expect(allowedMoves('PUBLISHED', ['ADMIN'])).toEqual(['DRAFT', 'ARCHIVED']);
    expect(allowedMoves('ARCHIVED', ['CONTENT_EDITOR'])).toEqual(['DRAFT', 'PUBLISHED']);
    expect(allowedMoves('DRAFT', ['MEMBER'])).toEqual([]);
    expect(moveLabel('PUBLISHED', 'DRAFT')).toBe('Unpublish');
    expect(moveLabel('REVIEW', 'DRAFT')).toBe('Back to draft');
  });

  it('show the server’s refusal as it said it', async () => {
    const user = userEvent.setup();
    const refusal = Object.assign(new Error('Content cannot move from ARCHIVED to REVIEW'), { data: { httpStatus: 422, appCode: 'INVALID_STATUS_TRANSITION', errors: [] } });
    const moves: string[] = [];
    render(
      <MemoryRouter>
        <StatusPanel
          status="DRAFT"
          publishedAt={null}
          roles={['CONTENT_EDITOR']}
          onMove={async (to) => {
            moves.push(to);
            throw refusal;
          }}
        />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Content cannot move from ARCHIVED to REVIEW');
    expect(moves).toEqual(['PUBLISHED']);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});
