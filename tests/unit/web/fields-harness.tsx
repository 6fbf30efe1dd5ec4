import { useState, type ReactNode } from 'react';

/** Holds a field's value as a form would, and shows it so a test can read what the field reported. */
export function Controlled<T>({
  initial,
  children,
  serialize = (value) => value,
}: {
  initial: T;
  children: (value: T, setValue: (value: T) => void) => ReactNode;
  /** Files do not survive JSON: a test names what it wants to read of them. */
  serialize?: (value: T) => unknown;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {children(value, setValue)}
      <output data-testid="value">{JSON.stringify(serialize(value))}</output>
    </>
  );
}

export function reported(getByTestId: (id: string) => HTMLElement): unknown {
  return JSON.parse(getByTestId('value').textContent ?? 'null');
}
