import {
  productCreateInput,
  productIdInput,
  productListInput,
  productUpdateInput,
} from "../catalog/products/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/products/create: a product with its prices, benefits and custom fields. */
export const createProduct = merchantWrite(routes.createProduct, productCreateInput, (b, input) =>
  b.products.create(input),
);

/** POST /billing/products/update: price changes archive the old prices and create new ones. */
export const updateProduct = merchantWrite(routes.updateProduct, productUpdateInput, (b, input) =>
  b.products.update(input),
);

/** POST /billing/products/archive {id} */
export const archiveProduct = merchantWrite(routes.archiveProduct, productIdInput, (b, input) =>
  b.products.archive(input),
);

/** GET /billing/products/get?id= */
export const getProduct = merchantRead(routes.getProduct, productIdInput, (b, input) =>
  b.products.get(input),
);

/** GET /billing/products/list?page&limit&isArchived&isRecurring&query */
export const listProducts = merchantRead(routes.listProducts, productListInput, (b, input) =>
  b.products.list(input),
);
