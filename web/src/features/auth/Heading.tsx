import type { ReactNode, Ref } from 'react';

export type HeadingLevel = 1 | 2;

export interface HeadingProps {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
  /** -1 when focus is moved to the heading to announce a new step. */
  tabIndex?: number;
  ref?: Ref<HTMLHeadingElement>;
}

/** A heading whose level the page decides: the sign-in block is the page's h1 on /login, an h2 inside another page. */
export function Heading({ level, children, ...rest }: HeadingProps) {
  return level === 1 ? <h1 {...rest}>{children}</h1> : <h2 {...rest}>{children}</h2>;
}
