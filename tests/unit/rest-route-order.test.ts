/** Static path segments win over parameters, so `/api/books/list` is never read as a slug. */
import { describe, expect, it } from 'vitest';
import { compareSpecificity } from '../../adapters/http/rest';

describe('REST route order', () => {
  it('puts static segments before parameters at the first place they differ', () => {
    const paths = ['/api/books/{slug}/chapters', '/api/books/{slug}', '/api/books/id/{id}', '/api/books/list', '/api/books', '/api/media/{id}/with-progress', '/api/media/content/{contentId}', '/api/media/with-progress', '/api/media/{id}'];
    const sorted = [...paths].sort(compareSpecificity);
    const before = (a: string, b: string) => expect(sorted.indexOf(a), `${a} before ${b}`).toBeLessThan(sorted.indexOf(b));
    before('/api/books/list', '/api/books/{slug}');
    before('/api/books/id/{id}', '/api/books/{slug}/chapters');
    before('/api/media/with-progress', '/api/media/{id}');
    before('/api/media/content/{contentId}', '/api/media/{id}/with-progress');
  });
});
