import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from "react";

/** A tiny history router: the demo needs a handful of paths, not a routing library. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
};
const snapshot = () => window.location.pathname + window.location.search;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

/** The current path and query, re-rendering on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams } {
  const value = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(value, window.location.origin);
  return { pathname: url.pathname, search: url.searchParams };
}

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { pathname } = useLocation();
  const current = pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));
  return (
    <a
      href={href}
      aria-current={current ? "page" : undefined}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
          return;
        event.preventDefault();
        navigate(href);
      }}
      {...rest}
    />
  );
}

/** Sets the document title and moves focus to the page heading after navigation (screen readers). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Gatehouse demo`;
    document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
  }, [title]);
}
