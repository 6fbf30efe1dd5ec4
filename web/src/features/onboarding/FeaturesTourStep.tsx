import { useEffect, useRef, useState, type CSSProperties } from 'react';
import {
  jumpTourIndex,
  nextTourIndex,
  SKIP_TOUR_LABEL,
  tourAction,
  TOUR_INTRO_INDEX,
  type FeatureItem,
} from '../../../../domain/onboarding/features';
import { Button } from '../../ui/Button';
import { classNames } from '../../ui/size';
import type { FlowStepProps } from '../../ui/flow';
import { FeatureIconImage } from './feature-icons';
import type { FeaturesStepData } from './step-data';

export interface FeaturesTourStepProps extends FlowStepProps<FeaturesStepData> {
  features: FeatureItem[];
  canSkip: boolean;
}

/**
 * The features tour (spec 000 §4): an intro (index -1) with 'Start Tour', then 'Next' through the
 * features, dots that jump to any feature, 'Get Started' on the last one, and 'Skip tour' when the
 * configuration allows it. Starting the tour moves the focus to the first feature's heading; after
 * Next or a dot the focus stays on the control pressed and the new feature is announced.
 */
export function FeaturesTourStep({ features, canSkip, next, processing }: FeaturesTourStepProps) {
  const [index, setIndex] = useState(TOUR_INTRO_INDEX);
  // Said when the focus stays on the control pressed (Next, a dot), so the new feature is still heard.
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const count = features.length;
  const feature = index >= 0 ? features[index] : undefined;
  const action = tourAction(index, count);

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [index]);

  const forward = () => {
    const target = nextTourIndex(index, count);
    if (target === 'done') {
      void next({ toured: true });
      return;
    }
    show(target, index !== TOUR_INTRO_INDEX);
  };

  const show = (target: number, announce: boolean) => {
    const shown = jumpTourIndex(index, target, count);
    focusHeading.current = !announce;
    setAnnouncement(announce ? `Feature ${shown + 1} of ${count}: ${features[shown]?.title ?? ''}` : '');
    setIndex(shown);
  };

  return (
    <div className="tour">
      {feature ? (
        <article className="tour__feature" aria-labelledby="tour-feature-title" style={{ '--feature-color': feature.color } as CSSProperties}>
          <span className="tour__icon">
            <FeatureIconImage icon={feature.icon} />
          </span>
          <p className="tour__position">
            Feature {index + 1} of {count}
          </p>
          <h3 id="tour-feature-title" className="tour__title" tabIndex={-1} ref={headingRef}>
            {feature.title}
          </h3>
          <p className="tour__description">{feature.description}</p>
        </article>
      ) : (
        <div className="tour__intro">
          <p className="onboarding-step__lead">
            Take a one-minute tour of what you can do here: {count} {count === 1 ? 'feature' : 'features'}, one at a time.
          </p>
          <ul className="tour__preview">
            {features.map((item) => (
              <li key={item.title} style={{ '--feature-color': item.color } as CSSProperties}>
                <span className="tour__icon tour__icon--small">
                  <FeatureIconImage icon={item.icon} />
                </span>
                {item.title}
              </li>
            ))}
          </ul>
        </div>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <div className="tour__dots" role="group" aria-label="Features">
        {features.map((item, i) => (
          <button
            key={item.title}
            type="button"
            className={classNames('tour__dot', i === index && 'tour__dot--current')}
            aria-label={`Feature ${i + 1}: ${item.title}`}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => show(i, true)}
            disabled={processing}
          />
        ))}
      </div>

      <div className="onboarding-step__actions">
        {canSkip && (
          <Button variant="ghost" size="lg" onClick={() => void next({ skipped: true })} disabled={processing}>
            {SKIP_TOUR_LABEL}
          </Button>
        )}
        <Button size="lg" onClick={forward} loading={processing}>
          {action}
        </Button>
      </div>
    </div>
  );
}
