import type { BenefitCreateInput } from "../../../src/plugins/billing/catalog/benefits/schemas";
import type { BillingServices } from "../../../src/plugins/billing/services";

/**
 * The portal's benefit data, through the merchant services: a one-time "Toolkit" carrying a custom
 * note, a license key (two activations, customers manage them), a downloadable PDF and 100 API
 * credits; `buy` buys it for the portal's customer (then the grants run), who then activates the
 * key on two machines and makes three API calls. Billing needs `files: { storage }` configured.
 */
export async function seedBenefits(
  billing: BillingServices,
  customerId: string,
  buy: (productId: string) => Promise<unknown>,
) {
  const merchant = await billing.merchants.defaultMerchant();
  const meter = await billing.meters.create({
    name: "API calls",
    filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
    aggregation: { func: "count" },
  });
  const file = await billing.files.upload({
    name: "Field guide.pdf",
    mimeType: "application/pdf",
    bytes: new TextEncoder().encode("%PDF-1.4 field guide"),
  });
  const benefit = async (input: BenefitCreateInput) => (await billing.benefits.create(input)).id;
  const note = await benefit({
    type: "custom",
    description: "Welcome note",
    properties: { note: "Join the office hours on Fridays." },
  });
  const keys = await benefit({
    type: "license_keys",
    description: "Toolkit license",
    properties: { prefix: "TOOL", activations: { limit: 2, enableCustomerAdmin: true } },
  });
  const files = await benefit({
    type: "downloadables",
    description: "Toolkit files",
    properties: { files: [file.id] },
  });
  const credits = await benefit({
    type: "meter_credit",
    description: "API credits",
    properties: { units: 100, rollover: false, meterId: meter.id },
  });
  const product = await billing.products.create({
    name: "Toolkit",
    prices: [{ amountType: "fixed", priceAmount: 5000 }],
    benefits: [note, keys, files, credits],
  });
  await buy(product.id);
  await billing.runDue();
  const [key] = (await billing.licenseKeys.listForCustomers([customerId], { page: 1, limit: 10 })).items;
  if (!key) throw new Error("no license key granted");
  for (const label of ["Laptop", "Studio desktop"])
    await billing.licenseKeys.activate({ key: key.key, organizationId: merchant.id, label });
  await billing.usage.ingest({
    events: [1, 2, 3].map(() => ({ name: "api.call", customerId })),
  });
  return { meter, file, key, product: product.id, benefits: { note, keys, files, credits } };
}
