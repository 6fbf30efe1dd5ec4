/** `/library/courses/:slug`: a course (spec 002 §3 Course) with its lessons in order. */
import { useParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { libraryPath } from '../../lib/content/paths';
import { useContentItem, type ContentItem } from '../../lib/content/queries';
import { ButtonLink } from '../../ui/Button';
import { AccessNotice, useAccess } from './AccessNotice';
import { ChildList } from './ChildList';
import { Facts, Prose, RelatedItems, TermList } from './ItemParts';
import { ItemHeader } from './ItemHeader';
import { ItemStatus } from './ItemStatus';
import { factValue } from './item-layouts';
import './library.css';

const DIFFICULTY_LABELS: Record<string, string> = { BEGINNER: 'Beginner', INTERMEDIATE: 'Intermediate', ADVANCED: 'Advanced' };

export function CoursePage() {
  const { slug = '' } = useParams();
  const query = useContentItem('COURSE', slug);
  if (!query.data) return <ItemStatus query={query} label="Course" what="this course" />;
  return <CourseView course={query.data} />;
}

function CourseView({ course }: { course: ContentItem }) {
  const { access, retry } = useAccess(course);
  const open = access === 'open';
  const lessons = course.children?.lessons ?? [];
  const promotional = course.promotional && typeof course.promotional === 'object' ? (course.promotional as Record<string, unknown>) : null;
  const first = lessons[0];
  return (
    <article className="item-page">
      <title>{pageTitle(course.title)}</title>
      <ItemHeader item={course} creators={course.creators}>
        <Facts
          facts={[
            ['Lessons', lessons.length ? String(lessons.length) : null],
            ['Length', factValue(course.durationMinutes, 'minutes')],
            ['Level', course.difficulty ? (DIFFICULTY_LABELS[course.difficulty] ?? course.difficulty) : null],
          ]}
        />
        {first && open && (
          <div className="item-actions">
            <ButtonLink to={libraryPath('LESSON', first.slug)} size="lg">
              Start the course
            </ButtonLink>
          </div>
        )}
      </ItemHeader>
      <AccessNotice item={course} access={access} onRetry={retry} />
      <div className="item-body">
        <Prose title="Overview" text={course.overview} />
        <Prose title="About this course" text={promotional?.description} />
        <TermList title="What you will learn" terms={course.objectives} />
        <section className="item-section" aria-labelledby="lessons-title">
          <h2 id="lessons-title">Lessons</h2>
          {course.sequential === true && <p className="item-section__note">Take the lessons in order: each builds on the one before.</p>}
          {lessons.length === 0 ? (
            <p className="item-section__note">No lessons have been published yet.</p>
          ) : (
            <ChildList label="Lessons" items={lessons} numberLabel={(_l, i) => `Lesson ${i + 1}`} hrefOf={(l) => (open ? libraryPath('LESSON', l.slug) : null)} />
          )}
        </section>
        <RelatedItems items={course.relatedContent} />
      </div>
    </article>
  );
}
