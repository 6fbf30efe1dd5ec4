import type { FeatureIcon } from '../../../../domain/onboarding/features';

/** The features tour's icons: decorative, the feature's title names it. */
const PATHS: Record<FeatureIcon, string> = {
  sparkles: 'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9L12 3zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z',
  conversation: 'M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.9-.9L3 20.5l1.5-4.6A8.4 8.4 0 0 1 3 11.5 8.6 8.6 0 0 1 12 3a8.6 8.6 0 0 1 9 8.5zM8 10h8M8 14h5',
  library: 'M4 19.5V5a2 2 0 0 1 2-2h3v18H6a2 2 0 0 1-2-1.5zM9 3h4v18H9M13 4.5l3.9-1 4.1 16.5-3.9 1L13 4.5z',
  home: 'M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1v-9.5z',
};

export function FeatureIconImage({ icon }: { icon: FeatureIcon }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[icon]} />
    </svg>
  );
}
