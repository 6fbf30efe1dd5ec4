/**
 * A modal dialog (WAI-ARIA dialog pattern): role="dialog" with aria-modal, named by its title and
 * described by its text; focus moves in when it opens (to `initialFocus`, else the first control),
 * Tab and Shift+Tab stay inside, Escape closes it, and focus goes back to whatever opened it. The
 * rest of the page is made `inert` meanwhile, so neither the pointer nor assistive technology
 * reaches it. Rendered in a portal on <body>, above everything else.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from './size';

export interface DialogProps {
  title: string;
  /** Called for Escape and the backdrop; the dialog leaves when the parent stops rendering it. */
  onClose(): void;
  children: ReactNode;
  /** The text that says what the dialog is about (aria-describedby). */
  description?: ReactNode;
  /** Where focus goes on opening; the first focusable control otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing, when not back to the opener (which the action may have removed). */
  finalFocus?: () => HTMLElement | null;
  /** While true (a request under way), Escape and the backdrop do nothing. */
  busy?: boolean;
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[inert]'));
}

export function Dialog({ title, onClose, children, description, initialFocus, finalFocus, busy = false, className }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const blocked = useRef(busy);
  blocked.current = busy;
  const focusOnClose = useRef(finalFocus);
  focusOnClose.current = finalFocus;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = panel.current?.closest<HTMLElement>('.dialog-layer');
    // Everything else on the page is out of reach while the dialog is open.
    const others = Array.from(document.body.children).filter((element): element is HTMLElement => element instanceof HTMLElement && element !== host && !element.hasAttribute('inert'));
    for (const element of others) element.setAttribute('inert', '');
    const target = initialFocus?.current ?? (panel.current ? focusables(panel.current)[0] : undefined) ?? panel.current;
    target?.focus();
    return () => {
      for (const element of others) element.removeAttribute('inert');
      // Back to the control that opened it, when it is still on the page.
      const next = focusOnClose.current?.() ?? opener;
      if (next?.isConnected) next.focus();
    };
    // Runs once per opening: the dialog is mounted to open and unmounted to close.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!blocked.current) close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panel.current)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => !blocked.current && close.current()} />
      <div
        ref={panel}
        className={classNames('dialog', className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
