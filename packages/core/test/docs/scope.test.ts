import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The npm scope `@gatehouse` belongs to another publisher: no tracked file may name a package in it
 * (docs telling users to install it would install a stranger's code). `scripts/rename-scope.sh`
 * fixes what this finds, e.g. after merging a branch written before the rename.
 */
describe("package scope", () => {
  it("no tracked file names a package of the foreign @gatehouse scope", () => {
    const repo = resolve(import.meta.dirname, "../../../..");
    const pattern = ["@gatehouse", "/"].join(""); // split so this file does not match itself
    let hits = "";
    try {
      const patterns = ["-e", pattern, "-e", pattern.replace("/", "\\/")];
      // The rename script names the old scope on purpose.
      hits = execFileSync(
        "git",
        ["grep", "-nIF", ...patterns, "--", ".", ":(exclude)scripts/rename-scope.sh"],
        {
          cwd: repo,
          encoding: "utf8",
        },
      );
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(hits.split("\n").filter(Boolean)).toEqual([]);
  });
});
