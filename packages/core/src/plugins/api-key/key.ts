import { type AppContext, constantTimeEqual, generateRandomString } from "./deps";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Longest key accepted from a header or a body: longer input is refused before hashing. */
export const MAX_KEY_LENGTH = 256;

/** A new key: the prefix, then `length` random letters from a CSPRNG. */
export function generateKey(prefix: string | undefined, length: number): string {
  return `${prefix ?? ""}${generateRandomString(length, LETTERS)}`;
}

/**
 * The stored form of a key: HMAC-SHA256 under the app secret (keys are high-entropy random, so a
 * fast keyed hash suffices; without the secret a leaked table cannot be checked against guesses).
 */
export function hashKey(app: AppContext, key: string): Promise<string> {
  return app.keys.sign(`gatehouse-api-key:${key}`);
}

/** Does `key` hash to `stored`? Compared in constant time. */
export async function keyMatches(app: AppContext, key: string, stored: string): Promise<boolean> {
  return constantTimeEqual(await hashKey(app, key), stored);
}
