import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as pluginApi from "../../src/plugin";
import { reachableModules } from "../plugins/username/boundary";
import { edges, sourceFiles, src } from "./imports";

/**
 * First-party plugins use the core only through public entries, so a third-party plugin can do all
 * they do: the plugin API (`@gatehouse-js/core/plugin`, src/plugin/index.ts), its browser half
 * (`@gatehouse-js/core/plugin/client`) for their `client.ts`, the client, and another plugin's entry.
 */
const plugins = readdirSync(join(src, "plugins"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const PUBLIC_ENTRIES = new Set(["plugin/index.ts", "plugin/client.ts", "client/index.ts"]);
const isPublicEntry = (file: string) =>
  PUBLIC_ENTRIES.has(file) || /^plugins\/[^/]+\/(index|client)\.ts$/.test(file);

describe("plugin boundary (issue 17)", () => {
  it("covers the first-party plugins", () => {
    expect(plugins).toEqual(expect.arrayContaining(["admin", "billing", "organization", "username"]));
  });

  for (const plugin of plugins) {
    it(`${plugin} imports only its own files and public entries`, () => {
      const own = `plugins/${plugin}/`;
      const outside = sourceFiles(join(src, "plugins", plugin))
        .flatMap(edges)
        .filter((e) => !e.to.startsWith(own) && !isPublicEntry(e.to))
        .map((e) => `${e.from} -> ${e.to}`);
      expect(outside).toEqual([]);
    });
  }

  it("a plugin's browser half never loads the server plugin API", () => {
    for (const plugin of plugins) {
      const loaded = reachableModules(`plugins/${plugin}/client.ts`).files;
      expect(loaded.filter((f) => f === "plugin/index.ts" || f.startsWith("auth/"))).toEqual([]);
    }
  });

  it("the plugin API is a package entry with the source condition", () => {
    const pkg = JSON.parse(readFileSync(join(src, "../package.json"), "utf8")) as {
      exports: Record<string, Record<string, unknown>>;
    };
    expect(pkg.exports["./plugin"]?.["gatehouse-source"]).toBe("./src/plugin/index.ts");
    expect(pkg.exports["./plugin/client"]?.["gatehouse-source"]).toBe("./src/plugin/client.ts");
  });

  it("offers users, sessions, cookies, the password policy, credentials, mail, the error page, errors", () => {
    const needed = [
      "definePlugin",
      "defineEndpoint",
      "defineErrors",
      "AUTH_ERRORS",
      "publicUser",
      "publicSession",
      "setSessionCookies",
      "assertPasswordLength",
      "verifyCredentialPassword",
      "sendVerificationEmail",
      "renderErrorPage",
      "htmlPage",
    ];
    const api: Readonly<Record<string, unknown>> = { ...pluginApi };
    expect(needed.filter((name) => api[name] === undefined)).toEqual([]);
  });
});
