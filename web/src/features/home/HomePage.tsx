import { pageTitle, PRODUCT_NAME } from '../../app/product';
import { useAppConfig } from '../../app/use-app-config';

const AREAS = [
  {
    title: 'The library',
    text: 'Books, essays, lectures and courses on Objectivism, with chapters, excerpts and a lexicon of its key terms. Your progress is saved as you go.',
  },
  {
    title: 'Free Books for Teachers',
    text: 'Teachers order free classroom sets of novels and nonfiction, track the shipment, and give students access with a classroom code.',
  },
  {
    title: 'Essay contests',
    text: 'Students write on the ideas in the books, save drafts as they work, and submit essays that are read and scored by graders.',
  },
];

const ENVIRONMENT_LABELS = { development: 'Development environment', test: 'Test environment' } as const;

export function HomePage() {
  const { dynamic } = useAppConfig();
  const environment = dynamic.environment === 'production' ? null : ENVIRONMENT_LABELS[dynamic.environment];
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="hero" aria-labelledby="home-title">
        {environment && <p className="badge">{environment}</p>}
        <h1 id="home-title" className="hero__title">
          Welcome to the {PRODUCT_NAME}
        </h1>
        <p className="hero__lead">
          Study the philosophy of Objectivism at your own pace: read, listen and learn from the works of Ayn Rand and
          the thinkers who carry her ideas forward, with programmes for teachers and their students.
        </p>
      </section>
      <section aria-labelledby="areas-title" className="areas">
        <h2 id="areas-title" className="visually-hidden">
          What you can do here
        </h2>
        <ul className="card-grid">
          {AREAS.map((area) => (
            <li key={area.title} className="card">
              <h3 className="card__title">{area.title}</h3>
              <p className="card__text">{area.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
