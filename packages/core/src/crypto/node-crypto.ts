import type * as NodeCrypto from "node:crypto";

/**
 * `node:crypto` when the runtime has it (Node, Bun, Deno), else null. Synchronous HMAC and AES on
 * it cost a few microseconds; WebCrypto's promise round trip through a thread pool costs tens.
 * Loaded with `process.getBuiltinModule`, so bundles for runtimes without Node APIs still load.
 */
export const nodeCrypto: typeof NodeCrypto | null = (() => {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return (proc?.getBuiltinModule?.("node:crypto") as typeof NodeCrypto | undefined) ?? null;
  } catch {
    return null;
  }
})();
