import {
  customerCreateInput,
  customerIdInput,
  customerListInput,
  customerUpdateInput,
} from "./customer-schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/customers/create {email, name?, externalId?, billingAddress?, taxId?, metadata?} */
export const createCustomer = merchantWrite(routes.createCustomer, customerCreateInput, (b, input) =>
  b.merchantCustomers.create(input),
);

/** POST /billing/customers/update {id, ...}: metadata is merged. */
export const updateCustomer = merchantWrite(routes.updateCustomer, customerUpdateInput, (b, input) =>
  b.merchantCustomers.update(input),
);

/** POST /billing/customers/delete {id} (soft delete) */
export const deleteCustomer = merchantWrite(routes.deleteCustomer, customerIdInput, (b, input) =>
  b.merchantCustomers.delete(input),
);

/** GET /billing/customers/get?id= */
export const getCustomer = merchantRead(routes.getCustomer, customerIdInput, (b, input) =>
  b.merchantCustomers.get(input),
);

/** GET /billing/customers/list?page&limit&query&externalId */
export const listCustomers = merchantRead(routes.listCustomers, customerListInput, (b, input) =>
  b.merchantCustomers.list(input),
);

/** GET /billing/customers/state?id=: customer state of any customer of the merchant. */
export const getCustomerState = merchantRead(routes.getCustomerState, customerIdInput, (b, input) =>
  b.merchantCustomers.state(input),
);
