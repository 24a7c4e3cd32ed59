import { z } from "zod";
import { queryBoolean } from "../../../plugin";
import { pageQuery } from "../input";

/** GET /billing/benefit-grants/list: filters benefit, customer, granted flag. */
export const grantListInput = z.object({
  ...pageQuery,
  benefitId: z.string().min(1).max(128).optional(),
  customerId: z.string().min(1).max(128).optional(),
  isGranted: queryBoolean.optional(),
});

export type GrantListInput = z.input<typeof grantListInput>;
