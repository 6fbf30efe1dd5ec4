/**
 * Short notices that leave by themselves after 3 to 5 seconds (spec 001 §9). A notice stays while
 * the pointer or keyboard focus is on it (WCAG 2.2.1), then gets its full time again.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { classNames } from './size';

export const TOAST_MIN_MS = 3_000;
export const TOAST_MAX_MS = 5_000;
export const TOAST_DEFAULT_MS = 4_000;

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastOptions {
  tone?: ToastTone;
  /** Clamped to 3 to 5 seconds. */
  durationMs?: number;
}

interface ToastEntry {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

export interface ToastApi {
  show(message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
}

export function toastDuration(requested: number = TOAST_DEFAULT_MS): number {
  return Math.min(TOAST_MAX_MS, Math.max(TOAST_MIN_MS, requested));
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

function ToastItem({ toast, onDismiss }: { toast: ToastEntry; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.durationMs, onDismiss]);

  return (
    <li
      className={classNames('toast', `toast--${toast.tone}`)}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    const entry = { id, message, tone: options.tone ?? 'info', durationMs: toastDuration(options.durationMs) };
    setToasts((current) => [...current, entry]);
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-region" aria-label="Notifications">
        {/* The live region exists before any notice so screen readers announce each one as it arrives. */}
        <ol className="toast-region__list" aria-live="polite">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
