import { eventIdInput, eventListInput, ingestInput, quantitiesInput } from "../usage/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/events/ingest {events: [{name, customerId | externalCustomerId, ...}]} -> {inserted, duplicates} */
export const ingestEvents = merchantWrite(routes.ingestEvents, ingestInput, (b, input) =>
  // The body is validated and organizationId is the authorised merchant's id (see merchantWrite).
  b.usage.ingestValidated(input.organizationId, input),
);

/** GET /billing/events/list?customerId&externalCustomerId&name&startTimestamp&endTimestamp&page&limit */
export const listEvents = merchantRead(routes.listEvents, eventListInput, (b, input) => b.usage.list(input));

/** GET /billing/events/get?id= */
export const getEvent = merchantRead(routes.getEvent, eventIdInput, (b, input) => b.usage.get(input));

/** GET /billing/meters/quantities?meterId&startTimestamp&endTimestamp&interval&customerId */
export const meterQuantities = merchantRead(routes.meterQuantities, quantitiesInput, (b, input) =>
  b.usage.quantities(input),
);
