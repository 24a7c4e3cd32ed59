import type { PortalActions } from "../portal/actions";
import type { PortalAccess } from "../portal/service";

/** What every section gets: the session, the actions, the page's own URL and its query. */
export interface SectionContext {
  readonly access: PortalAccess;
  readonly actions: PortalActions;
  /** The portal page's path (`{basePath}/customer-portal/{token}`). */
  readonly pagePath: string;
  readonly query: Readonly<Record<string, string>>;
}

/**
 * A block of the portal page: its own heading (`title`), read with `load`, drawn by `render`
 * (escaped HTML, no inline script or style: the page's CSP forbids both). The page script wires
 * actions by `data-action` attributes and refreshes sections after each action.
 */
export interface PortalSection<T> {
  readonly id: string;
  readonly title: string;
  load(ctx: SectionContext): Promise<T>;
  render(data: T, ctx: SectionContext): string;
}

/** A section with its data type erased, for the list the page renders. */
export interface AnySection {
  readonly id: string;
  readonly title: string;
  html(ctx: SectionContext): Promise<string>;
}

export const defineSection = <T>(s: PortalSection<T>): AnySection => ({
  id: s.id,
  title: s.title,
  html: async (ctx) => s.render(await s.load(ctx), ctx),
});
