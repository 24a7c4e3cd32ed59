import { activeFileIds } from "../../files/downloads";
import { fileRepository } from "../../files/repository";
import { grantedFile } from "../../files/serialize";
import type { BenefitStrategy, BenefitStrategyInput, GrantProperties } from "../strategy";

/**
 * `downloadables`: the grant lists the files the benefit offers now (`files` minus the archived
 * ones, deleted files skipped, in the benefit's order) as `{ files: [{fileId, name, size,
 * mimeType}] }`. The bytes are served behind signed, expiring links (`GET
 * /customer/downloadables/list` hands them out); revoking empties the list, and the links of a
 * revoked grant stop working because every download checks the customer's current grants.
 * Granting only reads, so a retried grant gives the same list.
 */
async function listFiles(input: BenefitStrategyInput): Promise<GrantProperties> {
  const ids = activeFileIds(input.benefit.properties);
  const rows = await fileRepository(input.ctx.app.adapter).byIds(input.benefit.merchantId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { files: ids.flatMap((id) => (byId.has(id) ? [grantedFile(byId.get(id)!)] : [])) };
}

export const downloadablesStrategy: BenefitStrategy = {
  type: "downloadables",
  grant: listFiles,
  async revoke() {
    return {};
  },
  /** Files added or archived meanwhile show from the renewal on. */
  cycle: listFiles,
  /** The merchant changed the files or archived some: the list follows. */
  update: listFiles,
};
