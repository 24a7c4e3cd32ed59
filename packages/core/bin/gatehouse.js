#!/usr/bin/env node
// The `gatehouse` executable. Published packages run the built CLI (dist/, always in the tarball);
// inside this repository, before `pnpm build`, the TypeScript source runs through tsx (a dev
// dependency here, never needed by the published package). The bin points here rather than into
// dist/ so that installing the workspace never warns about a missing file.
import { existsSync } from "node:fs";

const built = new URL("../dist/cli/index.js", import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/cli/index.ts", import.meta.url).href);
}
