import type { AppContext } from "../../kernel/app-context";
import { createSocialProvider } from "./providers";
import type { SocialProvider } from "./types";

const built = new WeakMap<AppContext, ReadonlyMap<string, SocialProvider>>();

/**
 * The app's configured providers, built once on first use (the AppContext is frozen, so they are
 * kept beside it). A provider with `enabled: false` is left out.
 */
export function socialProviders(app: AppContext): ReadonlyMap<string, SocialProvider> {
  let providers = built.get(app);
  if (!providers) {
    const map = new Map<string, SocialProvider>();
    for (const [id, options] of Object.entries(app.options.socialProviders ?? {})) {
      if (!options || options.enabled === false) continue;
      map.set(
        id,
        createSocialProvider(id, options, { baseURL: app.baseURL, logger: app.logger, now: app.now }),
      );
    }
    providers = map;
    built.set(app, providers);
  }
  return providers;
}

export function findProvider(app: AppContext, id: string): SocialProvider | undefined {
  return socialProviders(app).get(id);
}
