import { meterCreateInput, meterIdInput, meterListInput, meterUpdateInput } from "../catalog/meters/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/meters/create {name, filter, aggregation, metadata} */
export const createMeter = merchantWrite(routes.createMeter, meterCreateInput, (b, input) =>
  b.meters.create(input),
);

/** POST /billing/meters/update {id, name?, filter?, aggregation?, metadata?, isArchived?} */
export const updateMeter = merchantWrite(routes.updateMeter, meterUpdateInput, (b, input) =>
  b.meters.update(input),
);

/** POST /billing/meters/archive {id}: refused while an active product prices it. */
export const archiveMeter = merchantWrite(routes.archiveMeter, meterIdInput, (b, input) =>
  b.meters.archive(input),
);

/** GET /billing/meters/get?id= */
export const getMeter = merchantRead(routes.getMeter, meterIdInput, (b, input) => b.meters.get(input));

/** GET /billing/meters/list?page&limit&isArchived&query */
export const listMeters = merchantRead(routes.listMeters, meterListInput, (b, input) => b.meters.list(input));
