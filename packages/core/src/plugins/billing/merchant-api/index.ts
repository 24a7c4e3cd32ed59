import { listBenefitGrants } from "./benefit-grants";
import { createBenefit, deleteBenefit, getBenefit, listBenefits, updateBenefit } from "./benefits";
import { getCheckout, listCheckouts } from "./checkouts";
import {
  createCustomField,
  deleteCustomField,
  getCustomField,
  listCustomFields,
  updateCustomField,
} from "./custom-fields";
import { createCustomerSession } from "./customer-sessions";
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  getCustomerState,
  listCustomers,
  updateCustomer,
} from "./customers";
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from "./discounts";
import { deleteFile, listFiles, uploadFile } from "./files";
import { getLicenseKey, listLicenseKeys, updateLicenseKey } from "./license-keys";
import { archiveMeter, createMeter, getMeter, listMeters, updateMeter } from "./meters";
import { getOrder, getOrderInvoice, listOrders } from "./orders";
import { getBillingOrganization, updateBillingOrganization } from "./organization";
import { archiveProduct, createProduct, getProduct, listProducts, updateProduct } from "./products";
import { createRefund, getRefund, listRefunds } from "./refunds";
import {
  getSubscription,
  listSubscriptions,
  previewSubscriptionChange,
  revokeSubscription,
  updateSubscription,
} from "./subscriptions";
import { getEvent, ingestEvents, listEvents, meterQuantities } from "./usage";

/** Merchant-side endpoints (routes in ./routes.ts), registered by the billing plugin. */
export const merchantEndpoints = {
  listSubscriptions,
  getSubscription,
  updateSubscription,
  revokeSubscription,
  previewSubscriptionChange,
  createProduct,
  updateProduct,
  archiveProduct,
  getProduct,
  listProducts,
  createBenefit,
  updateBenefit,
  deleteBenefit,
  getBenefit,
  listBenefits,
  listBenefitGrants,
  listLicenseKeys,
  getLicenseKey,
  updateLicenseKey,
  createCustomField,
  updateCustomField,
  deleteCustomField,
  getCustomField,
  listCustomFields,
  createMeter,
  updateMeter,
  archiveMeter,
  getMeter,
  listMeters,
  meterQuantities,
  ingestEvents,
  listEvents,
  getEvent,
  createDiscount,
  updateDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  createCustomer,
  updateCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  getCustomerState,
  getBillingOrganization,
  updateBillingOrganization,
  createRefund,
  getRefund,
  listRefunds,
  uploadFile,
  listFiles,
  deleteFile,
  createCustomerSession,
  listOrders,
  getOrder,
  getOrderInvoice,
  listCheckouts,
  getCheckout,
};
