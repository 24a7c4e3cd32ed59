import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const webRoot = fileURLToPath(new URL("./web", import.meta.url));
export const defaultOutDir = fileURLToPath(new URL("../dist/web", import.meta.url));

/**
 * Builds the React page with Vite (production build, about a second). Workspace packages are read
 * from their TypeScript sources through the "gatehouse-source" export condition, so nothing else
 * needs building first.
 */
export async function buildWeb(outDir = defaultOutDir): Promise<string> {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: "warn",
    plugins: [react()],
    resolve: {
      conditions: ["gatehouse-source", "module", "browser", "production"],
      dedupe: ["react", "react-dom"],
    },
    // The stylesheet is small: minifying it costs more start-up time than it saves.
    build: { outDir, emptyOutDir: true, cssMinify: false },
  });
  return outDir;
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
};

/**
 * Serves the built app: "/assets/..." are the hashed bundles; any other path without a file
 * extension answers index.html, and the app routes in the browser (and shows its own "not found").
 * False when not found.
 */
export async function serveWeb(outDir: string, pathname: string, res: ServerResponse): Promise<boolean> {
  const root = resolve(outDir);
  let file: string;
  try {
    const route = extname(pathname) === "" ? "/index.html" : decodeURIComponent(pathname);
    file = resolve(root, `.${route}`);
  } catch {
    return false; // malformed percent-encoding
  }
  if (!file.startsWith(root + sep)) return false; // no way out of the build folder
  try {
    const body = await readFile(file);
    res.setHeader("content-type", TYPES[extname(file)] ?? "application/octet-stream");
    const hashed = file.startsWith(join(root, "assets") + sep);
    res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    res.end(body);
    return true;
  } catch {
    return false;
  }
}
