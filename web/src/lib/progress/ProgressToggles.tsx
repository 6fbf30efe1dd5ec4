import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../auth/RequireAuth';
import { useRecordContentProgress, type ContentProgressAnswer } from './use-content-progress';
import './progress.css';

export interface ProgressTogglesProps {
  contentId: string;
  /** The saved progress (null before any); undefined while it loads. */
  progress: ContentProgressAnswer | undefined;
  signedIn: boolean;
  /** What the item is called in the messages ("chapter", "video"). */
  noun: string;
}

type Flag = 'isFavorited' | 'isBookmarked';

/**
 * Favorite and bookmark toggles (content progress isFavorited, isBookmarked). Each is a toggle
 * button (aria-pressed); the change shows at once and is undone, with a message, if the save fails.
 * Visitors get a link to sign in instead.
 */
export function ProgressToggles({ contentId, progress, signedIn, noun }: ProgressTogglesProps) {
  const location = useLocation();
  const { record } = useRecordContentProgress();
  const [optimistic, setOptimistic] = useState<Partial<Record<Flag, boolean>>>({});
  const [failed, setFailed] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <p className="progress-toggles__visitor">
        <Link to={loginPathFor(`${location.pathname}${location.search}`)}>Sign in</Link> to save your place, favorites and bookmarks.
      </p>
    );
  }

  const value = (flag: Flag) => optimistic[flag] ?? progress?.[flag] ?? false;

  const toggle = async (flag: Flag) => {
    const next = !value(flag);
    setFailed(null);
    setOptimistic((o) => ({ ...o, [flag]: next }));
    try {
      await record({ contentId, [flag]: next });
    } catch {
      setFailed(flag === 'isFavorited' ? `We could not update your favorites. Please try again.` : `We could not update your bookmarks. Please try again.`);
    } finally {
      setOptimistic(({ [flag]: _done, ...rest }) => rest);
    }
  };

  const busy = progress === undefined;
  return (
    <div className="progress-toggles">
      <div className="progress-toggles__buttons" role="group" aria-label={`Save this ${noun}`}>
        <ToggleButton pressed={value('isFavorited')} disabled={busy} onClick={() => void toggle('isFavorited')} label="Favorite" icon={<StarIcon />} />
        <ToggleButton pressed={value('isBookmarked')} disabled={busy} onClick={() => void toggle('isBookmarked')} label="Bookmark" icon={<BookmarkIcon />} />
      </div>
      {failed && (
        <p className="progress-toggles__error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}

function ToggleButton({ pressed, disabled, onClick, label, icon }: { pressed: boolean; disabled: boolean; onClick: () => void; label: string; icon: ReactNode }) {
  return (
    <button type="button" className="progress-toggle" aria-pressed={pressed} disabled={disabled} onClick={onClick}>
      {icon}
      {label}
    </button>
  );
}

/** Decorative: the button carries the name; the fill shows the state (aria-pressed says it). */
const iconProps = { className: 'progress-toggle__icon', width: 16, height: 16, viewBox: '0 0 24 24', stroke: 'currentColor', strokeWidth: 2, strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

function StarIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.5 1.3 6.6L12 17.2l-5.9 3.3 1.3-6.6-4.9-4.5 6.6-.8z" />
    </svg>
  );
}

function BookmarkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M6 3h12v18l-6-4.5L6 21z" />
    </svg>
  );
}
