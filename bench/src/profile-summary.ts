/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self and inclusive time per function.
 * Usage: node --import tsx src/profile-summary.ts <file.cpuprofile> [top=30] [filter]
 * With several files in a directory, pass the biggest: that is the main thread.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, filter] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary <file.cpuprofile> [top] [filter]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const top = Number(topArg ?? 30);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const url = n.callFrame.url
    .replace(/^.*node_modules\/\.pnpm\/([^/]+)\/node_modules\//, "$1:")
    .replace(/^.*\/work\/main\//, "");
  return `${n.callFrame.functionName || "(anonymous)"} ${url}:${n.callFrame.lineNumber + 1}`;
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  let node = byId.get(profile.samples[i]!);
  if (!node) continue;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  while (node) {
    const l = label(node);
    if (!seen.has(l)) {
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
    }
    const p = parent.get(node.id);
    node = p === undefined ? undefined : byId.get(p);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  const rows = [...map].filter(([l]) => !filter || l.includes(filter)).sort((a, b) => b[1] - a[1]);
  for (const [l, t] of rows.slice(0, top))
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${l}`);
};
print("Self time", self);
print("Inclusive time", inclusive);
