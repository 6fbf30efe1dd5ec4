import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SignInMethod<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

export interface SignInMethodTabsProps<Id extends string> {
  label: string;
  methods: ReadonlyArray<SignInMethod<Id>>;
  selected: Id;
  onSelect(id: Id): void;
}

/**
 * Tabs in the WAI-ARIA pattern (arrow keys, Home, End; one tab in the Tab order). Only the chosen
 * panel is rendered, so a page holds one e-mail field at a time.
 */
export function SignInMethodTabs<Id extends string>({ label, methods, selected, onSelect }: SignInMethodTabsProps<Id>) {
  const base = useId();
  const tabs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${base}-tab-${id}`;
  const panelId = (id: Id) => `${base}-panel-${id}`;
  const current = methods.find((method) => method.id === selected) ?? methods[0];

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = methods.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const method = methods[next]!;
    onSelect(method.id);
    tabs.current.get(method.id)?.focus();
  };

  return (
    <div className="method-tabs">
      <div role="tablist" aria-label={label} className="method-tabs__list">
        {methods.map((method, index) => {
          const active = method.id === current?.id;
          return (
            <button
              key={method.id}
              ref={(element) => {
                if (element) tabs.current.set(method.id, element);
                else tabs.current.delete(method.id);
              }}
              type="button"
              role="tab"
              id={tabId(method.id)}
              className="method-tabs__tab"
              aria-selected={active}
              aria-controls={active ? panelId(method.id) : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(method.id)}
              onKeyDown={(event) => move(event, index)}
            >
              {method.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} className="method-tabs__panel">
          {current.panel}
        </div>
      )}
    </div>
  );
}
