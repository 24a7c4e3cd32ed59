export type {
  ConformanceExpect,
  ConformanceMatchers,
  ConformanceTarget,
  ConformanceTestApi,
} from "./api";
export { runAdapterConformance } from "./run";
export {
  type CounterRow,
  conformanceSchema,
  type ItemRow,
  type JobRow,
  type OwnerRow,
  type RecordRow,
  type TokenRow,
} from "./schema";
