/**
 * The library on the home page (`/`, where members land after signing in): for a signed-in member
 * "Continue where you left off" and suggestions, for everyone the featured items and a way into the
 * library. Loaded apart from the first page's code: the app shell gives it to HomePage lazily (app/routes.tsx).
 */
import { Link } from 'react-router';
import { useRecommendations, useFeatured } from '../../lib/content/queries';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../lib/auth/AuthProvider';
import { ContinueSection } from '../../lib/progress/ContinueSection';
import { ContentGrid } from './ContentCard';
import { LoadFailure } from './LoadFailure';
import './library.css';

export default function LibraryHome() {
  const { state, settled } = useAuth();
  const member = settled && state.isAuthenticated;
  return (
    <div className="library-home">
      {member && <ContinueSection />}
      {member && <Recommended />}
      <Featured />
      <p className="library-home__more">
        <Link to="/library">Browse the whole library</Link>
      </p>
    </div>
  );
}

function Recommended() {
  const query = useRecommendations(4);
  return (
    <section className="library-section" aria-labelledby="recommended-title" aria-busy={query.isPending || undefined}>
      <h2 id="recommended-title">Recommended for you</h2>
      {query.isPending ? (
        <Spinner label="Loading suggestions…" showLabel />
      ) : query.isError ? (
        <LoadFailure what="your suggestions" onRetry={() => void query.refetch()} inline />
      ) : query.data.items.length === 0 ? (
        <p className="library-section__empty">You have started everything we would suggest. Browse the library for more.</p>
      ) : (
        <ContentGrid items={query.data.items} />
      )}
    </section>
  );
}

function Featured() {
  const query = useFeatured(8);
  return (
    <section className="library-section" aria-labelledby="featured-home-title" aria-busy={query.isPending || undefined}>
      <h2 id="featured-home-title">Featured in the library</h2>
      {query.isPending ? (
        <Spinner label="Loading featured items…" showLabel />
      ) : query.isError ? (
        <LoadFailure what="the featured items" onRetry={() => void query.refetch()} inline />
      ) : query.data.items.length === 0 ? (
        <p className="library-section__empty">Nothing is featured right now.</p>
      ) : (
        <ContentGrid items={query.data.items} />
      )}
    </section>
  );
}
