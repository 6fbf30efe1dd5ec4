import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryPage } from '../../../web/src/features/library/LibraryPage';
import { aRecord, elapse, notFound, pageOf, renderLibrary, serverError, settle, where } from './library-fixtures';

const routes = [{ path: 'library', element: <LibraryPage /> }];

const ATLAS = aRecord({ title: 'Atlas Shrugged', author: 'Ayn Rand', description: 'The mind on strike.', featured: true, tags: ['fiction'] });
const COURSE = aRecord({ type: 'COURSE', title: 'Introduction to Objectivism', accessType: 'MEMBERS' });
const VIRTUE = aRecord({ title: 'The Virtue of Selfishness' });
const FACETS = {
  types: [
    { type: 'BOOK', count: 2 },
    { type: 'COURSE', count: 1 },
  ],
  tags: [
    { tag: 'fiction', count: 1 },
    { tag: 'ethics', count: 1 },
  ],
  letters: [],
};

function results() {
  return within(screen.getByRole('region', { name: /results|Everything in the library/ }));
}

describe('the library browser (/library)', { timeout: 20_000 }, () => {
  it('lists everything, newest first, with the featured shelf and the filters the library offers', async () => {
    const { server } = await renderLibrary('/library', routes, undefined, {
      'library.facets': FACETS,
      'library.list': (input: Record<string, unknown> | undefined) => ((input?.filter as { featured?: boolean })?.featured ? pageOf([ATLAS]) : pageOf([COURSE, VIRTUE, ATLAS])),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Featured' })).getByRole('link', { name: 'Atlas Shrugged' })).toHaveAttribute('href', '/library/books/atlas-shrugged');
    expect(results().getByRole('status')).toHaveTextContent('3 items in the library');
    expect(results().getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Introduction to Objectivism', 'The Virtue of Selfishness', 'Atlas Shrugged']);
    expect(results().getByText('Members', { exact: false })).toBeInTheDocument();
    expect(results().getByRole('link', { name: 'Introduction to Objectivism' })).toHaveAttribute('href', '/library/courses/introduction-to-objectivism');
    expect(server.lastInput('library.list')).toEqual({ page: 1, limit: 12, sort: 'newest', includeRelations: false, filter: {} });
    const type = screen.getByLabelText('Type');
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['All types', 'Books (2)', 'Courses (1)']);
    expect(within(screen.getByLabelText('Tag')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All tags', 'fiction (1)', 'ethics (1)']);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('searches the server’s full text from the URL, with the type, the tag and the page', async () => {
    const { server } = await renderLibrary('/library?q=selfish&type=books&tag=ethics&page=2', routes, undefined, {
      'library.facets': FACETS,
      'library.search': { results: [{ ...VIRTUE, rank: 0.6 }], total: 13, page: 2, limit: 12, totalPages: 2 },
    });
    expect(server.lastInput('library.search')).toEqual({ q: 'selfish', type: 'BOOK', tag: 'ethics', page: 2, limit: 12 });
    expect(server.callsTo('library.list').filter((c) => !(c.input?.filter as { featured?: boolean }).featured)).toHaveLength(0);
    expect(screen.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('selfish');
    expect(screen.getByLabelText('Type')).toHaveValue('books');
    expect(screen.getByLabelText('Tag')).toHaveValue('ethics');
    expect(results().getByRole('status')).toHaveTextContent('13 items found for “selfish” among books tagged “ethics”');
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/library?q=selfish&type=books&tag=ethics');
    expect(within(pages).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('puts a new search, type and tag in the URL, each starting again at page 1, and follows back and forward', async () => {
    const { server, user, router } = await renderLibrary('/library?page=3', routes, undefined, {
      'library.facets': FACETS,
      'library.list': pageOf([ATLAS], { total: 40 }),
      'library.search': { results: [{ ...ATLAS, rank: 1 }], total: 1, page: 1, limit: 12, totalPages: 1 },
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'atlas{Enter}');
    await settle();
    expect(where.path).toBe('/library?q=atlas');
    expect(server.lastInput('library.search')).toMatchObject({ q: 'atlas', page: 1 });

    await user.selectOptions(screen.getByLabelText('Type'), 'courses');
    await settle();
    expect(where.path).toBe('/library?q=atlas&type=courses');
    await user.selectOptions(screen.getByLabelText('Tag'), 'fiction');
    await settle();
    expect(where.path).toBe('/library?q=atlas&type=courses&tag=fiction');

    await router.navigate(-1);
    await settle();
    expect(where.path).toBe('/library?q=atlas&type=courses');
    expect(screen.getByLabelText('Tag')).toHaveValue('');
    await router.navigate(-2);
    await settle();
    expect(where.path).toBe('/library?page=3');
    expect(screen.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('');
    expect(server.lastInput('library.list')).toMatchObject({ page: 3 });
  });

  it('says "No results" and offers to clear the filters', async () => {
    const { user } = await renderLibrary('/library?q=zzz&type=books', routes, undefined, {
      'library.facets': FACETS,
      'library.search': { results: [], total: 0, page: 1, limit: 12, totalPages: 0 },
    });
    const empty = results().getByRole('status');
    expect(empty).toHaveTextContent('No results');
    expect(empty).toHaveTextContent('Nothing in the library matches your search and filters.');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await settle();
    expect(where.path).toBe('/library');
  });

  it('shows a failure with Try again, and the results once the server answers', async () => {
    let failing = true;
    const { user } = await renderLibrary('/library', routes, undefined, {
      'library.list': (input: Record<string, unknown> | undefined) => ((input?.filter as { featured?: boolean }).featured ? pageOf([]) : failing ? serverError() : pageOf([ATLAS])),
    });
    // A lone 5xx is retried by the transport (three times, a second apart); in a batch the page hears of it at once.
    await elapse(4_000);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the library. Check your connection and try again.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(results().getByRole('link', { name: 'Atlas Shrugged' })).toBeInTheDocument();
  });

  it('reads a 404 on a list as the empty list, and asks once (spec 001 §8)', async () => {
    const { server } = await renderLibrary('/library', routes, undefined, { 'library.list': notFound() });
    await elapse(4_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(results().getByRole('status')).toHaveTextContent('No results');
    expect(results().getByRole('status')).toHaveTextContent('The library is empty for now.');
    // The browse and the featured shelf, once each: a 404 is not retried.
    expect(server.callsTo('library.list')).toHaveLength(2);
  });

  it('offers the last page when the page asked for is past the end', async () => {
    await renderLibrary('/library?page=9', routes, undefined, { 'library.list': pageOf([], { page: 9, total: 14 }) });
    expect(results().getByRole('status')).toHaveTextContent('No results on this page');
    expect(results().getByRole('button', { name: 'Go to the last page' })).toBeInTheDocument();
  });
});
