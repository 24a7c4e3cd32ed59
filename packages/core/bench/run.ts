/**
 * `pnpm bench`: in-process throughput of the hot paths, through the real Web handler (no network).
 * Numbers are for comparing changes on one machine; tests never assert timings.
 */
import { bench, group, run, summary } from "mitata";
import { createTestAuth } from "../src/testing";
import { countingMemoryDatabase } from "../test/helpers/counting";

const base = "http://localhost:3000/api/auth";

async function signedInCookie(cookieCache: boolean) {
  const { database } = countingMemoryDatabase();
  const { auth, signUp } = createTestAuth({ database, session: { cookieCache: { enabled: cookieCache } } });
  const { browser } = await signUp();
  return { auth, cookie: browser.cookieHeader() };
}

const cached = await signedInCookie(true);
const uncached = await signedInCookie(false);
const plain = createTestAuth();

summary(() => {
  group("router", () => {
    bench("GET /ok", async () => {
      await plain.auth.handler(new Request(`${base}/ok`));
    });
    bench("GET /unknown (404)", async () => {
      await plain.auth.handler(new Request(`${base}/nope`));
    });
  });
  group("server calls (auth.api)", () => {
    const headers = new Headers({ cookie: cached.cookie });
    bench("auth.api.getSession, cookie cache", async () => {
      await cached.auth.api.getSession({ headers });
    });
  });
  group("get-session", () => {
    bench("cookie cache hit (0 round trips)", async () => {
      await cached.auth.handler(new Request(`${base}/get-session`, { headers: { cookie: cached.cookie } }));
    });
    bench("store lookup (1 round trip, memory)", async () => {
      await uncached.auth.handler(
        new Request(`${base}/get-session`, { headers: { cookie: uncached.cookie } }),
      );
    });
    bench("signed out", async () => {
      await plain.auth.handler(new Request(`${base}/get-session`));
    });
  });
});

await run();
