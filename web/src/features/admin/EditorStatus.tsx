import { pageTitle } from '../../lib/product';
import { ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { ReadFailure } from './ReadFailure';

export interface EditorQuery {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

export interface EditorStatusProps {
  query: EditorQuery;
  /** What is edited, as a sentence names it: 'book', 'creator', 'media asset'. */
  noun: string;
  /** Said when the record is not there: 'It may have been deleted.' */
  gone: string;
  back: { to: string; label: string };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What an editor page shows when it has no record to edit: loading, a failure with Try again, or
 * "{Noun} not found" (the lookup answered null: a 404, lib/query-client).
 */
export function EditorStatus({ query, noun, gone, back }: EditorStatusProps) {
  if (query.isPending) return <Spinner label={`Loading the ${noun}…`} showLabel />;
  if (query.isError && query.error) {
    return (
      <section className="admin-page" aria-labelledby="load-failed-title">
        <title>{pageTitle(`Edit ${noun}`)}</title>
        <h1 id="load-failed-title" className="admin-page__title">
          Edit {noun}
        </h1>
        <ReadFailure what={`this ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return (
    <section className="message-page" aria-labelledby="missing-title">
      <title>{pageTitle(`${capital(noun)} not found`)}</title>
      <h1 id="missing-title">{capital(noun)} not found</h1>
      <p>
        There is no {noun} with this id. {gone}
      </p>
      <ButtonLink to={back.to}>{back.label}</ButtonLink>
    </section>
  );
}
