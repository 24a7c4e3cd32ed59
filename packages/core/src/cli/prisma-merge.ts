import { type PrismaModelBlock, renderModelBlock } from "../adapters/prisma/schema";

/** A top-level block of a schema.prisma: its kind, name and line range (start and closing brace). */
export interface PrismaBlockRange {
  readonly kind: string;
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

const BLOCK_START = /^\s*(model|view|enum|type|generator|datasource)\s+([A-Za-z_]\w*)\s*\{\s*(\/\/.*)?$/;

/** Finds the top-level blocks (Prisma puts every closing brace on a line of its own). */
export function prismaBlocks(lines: readonly string[]): PrismaBlockRange[] {
  const blocks: PrismaBlockRange[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = BLOCK_START.exec(lines[i] ?? "");
    if (!match) continue;
    let end = i + 1;
    while (end < lines.length && lines[end]?.trim() !== "}") end++;
    if (end >= lines.length)
      throw new Error(`schema.prisma: the block "${match[1]} ${match[2]}" is never closed`);
    blocks.push({ kind: match[1]!, name: match[2]!, start: i, end });
    i = end;
  }
  return blocks;
}

/** The datasource provider of a schema.prisma, if it declares one. */
export function datasourceProvider(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const block = prismaBlocks(lines).find((b) => b.kind === "datasource");
  if (!block) return undefined;
  for (const line of lines.slice(block.start + 1, block.end)) {
    const match = /^\s*provider\s*=\s*"([^"]+)"/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

const normalize = (line: string) => line.trim().replace(/\s+/g, " ");

/**
 * Our model block merged with the user's version of it: our fields and attributes replace theirs
 * of the same name; their other fields (e.g. relations to their own models), comments and
 * attributes stay. Their `@@map` goes: the adapter relies on the table name it was configured with.
 */
function mergeModel(ours: PrismaModelBlock, inner: readonly string[]): string {
  const ourFields = new Set(ours.fields.map((f) => f.name));
  const ourAttributes = new Set(ours.attributes.map(normalize));
  const fields: string[] = [];
  const attributes: string[] = [];
  for (const line of inner) {
    const text = line.trim();
    if (text === "") continue;
    if (text.startsWith("@@")) {
      if (!text.startsWith("@@map(") && !ourAttributes.has(normalize(text))) attributes.push(text);
      continue;
    }
    const name = /^([A-Za-z_]\w*)\s/.exec(`${text} `)?.[1];
    if (text.startsWith("//") || !name || !ourFields.has(name)) fields.push(text);
  }
  return renderModelBlock(ours, { fields, attributes });
}

export interface PrismaMergeResult {
  readonly text: string;
  readonly added: readonly string[];
  readonly updated: readonly string[];
}

/**
 * Writes our models into a schema.prisma: blocks of our models are replaced (keeping the user's
 * own lines in them, see `mergeModel`), missing ones are appended, and every other block (the
 * user's models, enums, generator, datasource) stays exactly as it was. A generator and a
 * datasource block are prepended when the file has none.
 */
export function mergePrismaSchema(
  existing: string | undefined,
  models: readonly PrismaModelBlock[],
  header: { readonly generator: string; readonly datasource: string },
): PrismaMergeResult {
  const lines = (existing ?? "").replace(/\s+$/, "").split(/\r?\n/);
  const blocks = prismaBlocks(lines);
  const byName = new Map(blocks.filter((b) => b.kind === "model").map((b) => [b.name, b] as const));
  const replacements = new Map<number, { end: number; text: string }>();
  const added: string[] = [];
  const updated: string[] = [];
  const appended: string[] = [];
  for (const model of models) {
    const block = byName.get(model.name);
    if (!block) {
      added.push(model.name);
      appended.push(renderModelBlock(model));
      continue;
    }
    updated.push(model.name);
    replacements.set(block.start, {
      end: block.end,
      text: mergeModel(model, lines.slice(block.start + 1, block.end)),
    });
  }
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const replacement = replacements.get(i);
    if (replacement) {
      out.push(replacement.text);
      i = replacement.end;
    } else {
      out.push(lines[i] ?? "");
    }
  }
  const has = (kind: string) => blocks.some((b) => b.kind === kind);
  const head = [has("generator") ? "" : header.generator, has("datasource") ? "" : header.datasource];
  const text = [...head, out.join("\n").trim(), ...appended].filter((part) => part !== "").join("\n\n");
  return { text: `${text}\n`, added, updated };
}
