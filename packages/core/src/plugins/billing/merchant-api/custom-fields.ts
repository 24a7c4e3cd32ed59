import {
  customFieldCreateInput,
  customFieldIdInput,
  customFieldListInput,
  customFieldUpdateInput,
} from "../catalog/custom-fields/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/custom-fields/create {type, slug, name, properties, metadata} */
export const createCustomField = merchantWrite(routes.createCustomField, customFieldCreateInput, (b, input) =>
  b.customFields.create(input),
);

/** POST /billing/custom-fields/update {id, slug?, name?, properties?, metadata?} */
export const updateCustomField = merchantWrite(routes.updateCustomField, customFieldUpdateInput, (b, input) =>
  b.customFields.update(input),
);

/** POST /billing/custom-fields/delete {id} (soft delete) */
export const deleteCustomField = merchantWrite(routes.deleteCustomField, customFieldIdInput, (b, input) =>
  b.customFields.delete(input),
);

/** GET /billing/custom-fields/get?id= */
export const getCustomField = merchantRead(routes.getCustomField, customFieldIdInput, (b, input) =>
  b.customFields.get(input),
);

/** GET /billing/custom-fields/list?page&limit&type&query */
export const listCustomFields = merchantRead(routes.listCustomFields, customFieldListInput, (b, input) =>
  b.customFields.list(input),
);
