import { currentTime, defineModel, type FieldMap, type InferFields } from "../db/model";

const now = currentTime;
const lower = (v: string) => v.toLowerCase();

/** Core models of spec section 3. Plugins and users extend them with extra fields. */
export const userFields = {
  email: { type: "string", required: true, unique: true, transform: lower },
  emailVerified: { type: "boolean", required: true, default: false, input: false },
  name: { type: "string", required: true },
  image: { type: "string", required: false },
  createdAt: { type: "date", required: true, default: now, input: false },
  updatedAt: { type: "date", required: true, default: now, onUpdate: now, input: false },
} as const satisfies FieldMap;

export const sessionFields = {
  userId: {
    type: "string",
    required: true,
    index: true,
    references: { model: "user", field: "id", onDelete: "cascade" },
  },
  token: { type: "string", required: true, unique: true },
  expiresAt: { type: "date", required: true },
  ipAddress: { type: "string", required: false },
  userAgent: { type: "string", required: false },
  createdAt: { type: "date", required: true, default: now },
  updatedAt: { type: "date", required: true, default: now, onUpdate: now },
} as const satisfies FieldMap;

export const accountFields = {
  providerId: { type: "string", required: true },
  accountId: { type: "string", required: true },
  userId: {
    type: "string",
    required: true,
    index: true,
    references: { model: "user", field: "id", onDelete: "cascade" },
  },
  password: { type: "string", required: false, returned: false },
  accessToken: { type: "string", required: false, returned: false },
  refreshToken: { type: "string", required: false, returned: false },
  idToken: { type: "string", required: false, returned: false },
  accessTokenExpiresAt: { type: "date", required: false },
  refreshTokenExpiresAt: { type: "date", required: false },
  scope: { type: "string", required: false },
  createdAt: { type: "date", required: true, default: now },
  updatedAt: { type: "date", required: true, default: now, onUpdate: now },
} as const satisfies FieldMap;

export const verificationFields = {
  identifier: { type: "string", required: true, index: true },
  value: { type: "string", required: true },
  expiresAt: { type: "date", required: true },
  createdAt: { type: "date", required: true, default: now },
  updatedAt: { type: "date", required: true, default: now, onUpdate: now },
} as const satisfies FieldMap;

export const rateLimitFields = {
  key: { type: "string", required: true, unique: true },
  count: { type: "number", required: true },
  lastRequest: { type: "number", required: true, bigint: true },
} as const satisfies FieldMap;

export function coreModels(extra: {
  user?: FieldMap;
  session?: FieldMap;
  account?: FieldMap;
  verification?: FieldMap;
}) {
  return {
    user: defineModel({ name: "user", fields: { ...userFields, ...extra.user } }),
    session: defineModel({ name: "session", fields: { ...sessionFields, ...extra.session } }),
    account: defineModel({
      name: "account",
      fields: { ...accountFields, ...extra.account },
      indexes: [{ fields: ["providerId", "accountId"], unique: true }],
    }),
    verification: defineModel({
      name: "verification",
      fields: { ...verificationFields, ...extra.verification },
    }),
  };
}

export type User = InferFields<typeof userFields>;
export type Session = InferFields<typeof sessionFields>;
export type Account = InferFields<typeof accountFields>;
export type Verification = InferFields<typeof verificationFields>;

/** What a resolved session carries: the session row and its user. */
export interface SessionWithUser {
  session: Session & Record<string, unknown>;
  user: User & Record<string, unknown>;
}
