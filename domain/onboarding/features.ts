/**
 * The features tour (spec 000 §3-4): the feature items, the four defaults, and the tour's rules.
 * The tour starts at an intro (index -1) with 'Start Tour', then 'Next' through the features; dots
 * jump to any feature; the last feature shows 'Get Started'.
 */

/** The icons the client can draw for a feature. */
export const FEATURE_ICONS = ['sparkles', 'conversation', 'library', 'home'] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

/** Feature item (spec 000 §3): title, description, icon, color (a CSS colour, the icon's tint). */
export interface FeatureItem {
  title: string;
  description: string;
  icon: FeatureIcon;
  color: string;
}

/** The four default features; the last is named after the product ('{product} Homepage'). */
export function defaultFeatures(productName: string): FeatureItem[] {
  return [
    {
      title: 'Personalized Recommendations',
      description: 'Books, essays, lectures and courses picked for what you read and watch, so the next good thing is always close at hand.',
      icon: 'sparkles',
      color: '#7c3aed',
    },
    {
      title: 'Conversations Hub',
      description: 'Join conversations with experts and fellow readers, ask questions and follow the discussions that matter to you.',
      icon: 'conversation',
      color: '#0891b2',
    },
    {
      title: 'Reimagined Content Library',
      description: 'The whole library in one place: search it, filter by type and topic, and pick up where you left off.',
      icon: 'library',
      color: '#d97706',
    },
    {
      title: `${productName} Homepage`,
      description: 'Your dashboard gathers your progress, saved items and what is new, every time you come back.',
      icon: 'home',
      color: '#059669',
    },
  ];
}

/** The tour's intro, before the first feature. */
export const TOUR_INTRO_INDEX = -1;

export const START_TOUR_LABEL = 'Start Tour';
export const NEXT_FEATURE_LABEL = 'Next';
export const GET_STARTED_LABEL = 'Get Started';
export const SKIP_TOUR_LABEL = 'Skip tour';

export type TourAction = typeof START_TOUR_LABEL | typeof NEXT_FEATURE_LABEL | typeof GET_STARTED_LABEL;

/** The label of the tour's forward button at `index` of `count` features. */
export function tourAction(index: number, count: number): TourAction {
  if (index <= TOUR_INTRO_INDEX) return START_TOUR_LABEL;
  return index >= count - 1 ? GET_STARTED_LABEL : NEXT_FEATURE_LABEL;
}

/**
 * Where the forward button leads from `index`: the next feature, or 'done' from the last one
 * (and from an intro with no features to show).
 */
export function nextTourIndex(index: number, count: number): number | 'done' {
  if (count <= 0 || index >= count - 1) return 'done';
  return Math.max(index, TOUR_INTRO_INDEX) + 1;
}

/** A dot's jump: any feature of the tour; anything else leaves the tour where it is. */
export function jumpTourIndex(current: number, target: number, count: number): number {
  return Number.isInteger(target) && target >= 0 && target < count ? target : current;
}
