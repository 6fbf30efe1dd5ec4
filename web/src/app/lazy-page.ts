/**
 * A page whose code is downloaded when it is first needed (React.lazy), with its loader kept so the
 * start-up can begin the download early (routes.tsx preloadRoute). Once the code is there, the page
 * renders at once: no spinner for a page that was preloaded.
 */
import { createElement, lazy, type ComponentType } from 'react';

const loaders = new Map<object, () => Promise<unknown>>();

/** The props of a module's page component `M[K]` (none when the module's type says nothing). */
type PropsOf<C> = [C] extends [never] ? object : C extends ComponentType<infer P> ? P : object;

export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<PropsOf<M[K]>> {
  type Props = PropsOf<M[K]>;
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module[name] as ComponentType<Props>),
      (error: unknown) => {
        // A failed download may succeed later (the network came back): the next render tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: Props) {
    return createElement((loaded ?? Lazy) as ComponentType<object>, props as object);
  }
  Page.displayName = `LazyPage(${String(name)})`;
  loaders.set(Page, preload);
  return Page;
}

/** Starts downloading a lazy page's code (nothing for any other component). */
export function preloadPage(component: unknown): void {
  if (typeof component !== 'function') return;
  void loaders.get(component)?.().catch(() => undefined);
}

/** Every lazy page's code, loaded (tests that render pages synchronously wait for this first). */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all([...loaders.values()].map((load) => load()));
}
