/** Helpers for testing Gatehouse and its adapters. */
export {
  type ConformanceExpect,
  type ConformanceMatchers,
  type ConformanceTarget,
  type ConformanceTestApi,
  conformanceSchema,
  runAdapterConformance,
} from "../db/conformance";
export { createTestAuth, createTestBrowser, type TestBrowser, type TestResponse } from "./test-client";
export { createTestFetch, type TestFetchOptions } from "./test-fetch";
