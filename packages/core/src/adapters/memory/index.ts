export { type MemoryAdapterOptions, memoryAdapter, memoryTables } from "./adapter";
export { MEMORY_CAPABILITIES, type MemoryDriverOptions, type MemoryTableInfo, memoryDriver } from "./driver";
export { createMemoryStore, type MemoryStore, type MemoryTable } from "./store";
