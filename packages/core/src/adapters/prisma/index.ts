export {
  type PrismaAdapterOptions,
  type PrismaDatabaseAdapter,
  prismaAdapter,
  prismaTables,
} from "./adapter";
export type { PrismaClientLike, PrismaDelegate, PrismaTransactionOptions } from "./client";
export { createPrismaDriver, PRISMA_CAPABILITIES, type PrismaDriverConfig, type PrismaTable } from "./driver";
export {
  type PrismaModelInfo,
  type PrismaNamingOptions,
  type PrismaProvider,
  pascalCase,
  resolvePrismaModels,
} from "./names";
export {
  type PrismaFieldLine,
  type PrismaFileOptions,
  type PrismaModelBlock,
  type PrismaSchemaOptions,
  prismaHeader,
  prismaModelBlocks,
  prismaSchemaFile,
  renderModelBlock,
} from "./schema";
