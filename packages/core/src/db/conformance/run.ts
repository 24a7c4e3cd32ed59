import type { AdapterOptions } from "../adapter";
import { aggregateTests } from "./aggregate";
import type { ConformanceTarget, ConformanceTestApi, Suite } from "./api";
import { atomicTests } from "./atomic";
import { crudTests } from "./crud";
import { joinTests } from "./joins";
import { paginationTests } from "./pagination";
import { conformanceSchema } from "./schema";
import { transactionTests } from "./transactions";
import { typeTests } from "./types";
import { uniqueTests } from "./unique";
import { updateWithTests } from "./update-with";
import { whereTests } from "./where";

const HOOK_TIMEOUT = 120_000;

/**
 * Registers the adapter conformance suite: every test of every capability, against one adapter
 * built once by `target.setup` (tables under a random prefix, snake_case columns so that physical
 * names differ from field names) and cleaned up after the last test.
 */
export function runAdapterConformance(target: ConformanceTarget, t: ConformanceTestApi): void {
  t.describe(`adapter conformance: ${target.name}`, () => {
    const run = Math.random().toString(36).slice(2, 10).padEnd(8, "0");
    const options: AdapterOptions = { tablePrefix: `gh_${run}_`, casing: "snake" };
    let state: Awaited<ReturnType<ConformanceTarget["setup"]>> | undefined;
    let counter = 0;

    t.beforeAll(async () => {
      state = await target.setup(conformanceSchema, options);
    }, HOOK_TIMEOUT);
    t.afterAll(async () => {
      await state?.cleanup();
    }, HOOK_TIMEOUT);

    const suite: Suite = {
      t,
      db: () => {
        if (!state) throw new Error(`Conformance target "${target.name}" was not set up`);
        return state.adapter;
      },
      uid: (label = "u") => `${label}-${run}-${++counter}`,
    };

    crudTests(suite);
    whereTests(suite);
    paginationTests(suite);
    uniqueTests(suite);
    typeTests(suite);
    transactionTests(suite);
    atomicTests(suite);
    joinTests(suite);
    aggregateTests(suite);
    updateWithTests(suite, target.updateOneWith === true);
  });
}
