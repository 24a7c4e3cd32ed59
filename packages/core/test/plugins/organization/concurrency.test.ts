import { describe, it } from "vitest";
import { setupOrg } from "./helpers";
import {
  concurrentAccepts,
  concurrentDemotions,
  concurrentLeaves,
  concurrentMixed,
  concurrentRemovals,
  doubleAccept,
} from "./scenarios";

/**
 * Acceptance point of issue 5: two (or many) members accepting/removing at once never leave an
 * organization without an owner. The same scenarios run on PostgreSQL in
 * test/db/organization-postgres.test.ts, where transactions really overlap.
 */
describe("organization concurrency (memory adapter)", () => {
  it("all owners leave at once: exactly one stays", () => concurrentLeaves(setupOrg()));
  it("owners remove each other at once: at least one stays", () => concurrentRemovals(setupOrg()));
  it("all owners demote themselves at once: exactly one stays an owner", () =>
    concurrentDemotions(setupOrg()));
  it("leaves, removals and demotions at once: an owner remains and the counter is exact", () =>
    concurrentMixed(setupOrg()));
  it("two users accept with room for one: exactly one joins", () =>
    concurrentAccepts(setupOrg({ membershipLimit: 2 })));
  it("one invitation accepted twice at once: one membership", () => doubleAccept(setupOrg()));
});
