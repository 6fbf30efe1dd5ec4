import type { ReactNode } from 'react';
import { pageTitle } from '../../lib/product';
import { formatDate } from '../../lib/format';
import { Breadcrumb } from '../../ui/Breadcrumb';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  /** The date the text last changed, as YYYY-MM-DD. */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** The frame of a legal document: breadcrumb, title, date of the last change, contents and sections. */
export function LegalPage({ title, updated, intro, sections }: LegalPageProps) {
  const headingId = 'legal-title';
  return (
    <article className="legal" aria-labelledby={headingId}>
      <title>{pageTitle(title)}</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: title }]} />
      <header className="legal__header">
        <h1 id={headingId}>{title}</h1>
        <p className="legal__updated">
          Last updated <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </header>
      <div className="legal__intro">{intro}</div>
      <nav aria-label="Contents" className="legal__toc">
        <h2 className="legal__toc-title">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="legal__section">
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
