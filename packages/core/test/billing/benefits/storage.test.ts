import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FileStorage,
  localFileStorage,
  memoryFileStorage,
} from "../../../src/plugins/billing/benefit-grants/storage";

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "gatehouse-storage-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const read = async (stream: ReadableStream<Uint8Array> | null) =>
  stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null;

const storages: [string, () => FileStorage][] = [
  ["local filesystem", () => localFileStorage({ directory })],
  ["memory", () => memoryFileStorage()],
];

for (const [name, make] of storages) {
  describe(`file storage: ${name}`, () => {
    it("puts, reads, sizes, streams, replaces and deletes by key; missing keys are null", async () => {
      const storage = make();
      const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
      await storage.put("m1/abc", bytes, { mimeType: "application/octet-stream" });
      expect(await storage.get("m1/abc")).toEqual(bytes);
      expect(await storage.size("m1/abc")).toBe(70_000);
      expect(await read(await storage.stream("m1/abc"))).toEqual(bytes);

      await storage.put("m1/abc", Uint8Array.of(1, 2, 3), { mimeType: "text/plain" });
      expect(await storage.get("m1/abc")).toEqual(Uint8Array.of(1, 2, 3));
      expect(await storage.size("m1/abc")).toBe(3);

      await storage.delete("m1/abc");
      await storage.delete("m1/abc");
      expect(await storage.get("m1/abc")).toBeNull();
      expect(await storage.size("m1/abc")).toBeNull();
      expect(await storage.stream("m1/abc")).toBeNull();
      expect(await storage.get("m1/never")).toBeNull();
    });
  });
}

describe("local file storage", () => {
  it("refuses keys that could leave its directory, and leaves no temporary files", async () => {
    const storage = localFileStorage({ directory });
    for (const key of ["../escape", "m1/../../x", "/etc/passwd", "m1//x", "", "m1/a.b"]) {
      await expect(storage.put(key, Uint8Array.of(1), { mimeType: "text/plain" }), key).rejects.toThrow(
        "Invalid storage key",
      );
    }
    await storage.put("m2/file", Uint8Array.of(1), { mimeType: "text/plain" });
    expect(await readdir(join(directory, "m2"))).toEqual(["file"]);
  });
});
