import type { DBAdapter, Row, Where } from "../../../plugin";
import { idIn, listPage } from "../repository";
import type { BenefitRow, FileRow } from "../rows";

const live = (merchantId: string): Where => [
  { field: "merchantId", value: merchantId },
  { field: "deletedAt", value: null },
];

/** The only code that touches `billingFile` (deleted files are skipped), and reads downloadables benefits. */
export function fileRepository(db: DBAdapter) {
  return {
    insert: (data: Row) => db.create<FileRow>({ model: "billingFile", data }),
    find: (merchantId: string, id: string) =>
      db.findOne<FileRow>({ model: "billingFile", where: [...live(merchantId), { field: "id", value: id }] }),
    /** The merchant's live files among `ids` (any order). */
    byIds: (merchantId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as FileRow[])
        : db.findMany<FileRow>({ model: "billingFile", where: [...live(merchantId), ...idIn("id", ids)] }),
    /** Live files among `ids` of any merchant (product media of loaded products). */
    byIdsAny: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as FileRow[])
        : db.findMany<FileRow>({
            model: "billingFile",
            where: [...idIn("id", ids), { field: "deletedAt", value: null }],
          }),
    /** A live product media file by id (the public image address). */
    findPublicMedia: (id: string) =>
      db.findOne<FileRow>({
        model: "billingFile",
        where: [
          { field: "id", value: id },
          { field: "service", value: "product_media" },
          { field: "deletedAt", value: null },
        ],
      }),
    setPublicUrl: (id: string, publicUrl: string) =>
      db.update<FileRow>({
        model: "billingFile",
        where: [{ field: "id", value: id }],
        update: { publicUrl },
      }),
    markDeleted: (id: string, at: Date) =>
      db.update<FileRow>({
        model: "billingFile",
        where: [
          { field: "id", value: id },
          { field: "deletedAt", value: null },
        ],
        update: { deletedAt: at },
      }),
    page: (merchantId: string, window: { page?: number; limit?: number }) =>
      listPage<FileRow>(db, "billingFile", live(merchantId), window),
    /** Live downloadables benefits among `ids`. */
    downloadableBenefits: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as BenefitRow[])
        : db.findMany<BenefitRow>({
            model: "billingBenefit",
            where: [
              ...idIn("id", ids),
              { field: "type", value: "downloadables" },
              { field: "deletedAt", value: null },
            ],
          }),
  };
}
