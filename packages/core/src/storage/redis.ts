import type { Redis } from "ioredis";
import type { SecondaryStorage } from "./secondary-storage";

export interface RedisStorageOptions {
  /**
   * Prepended to every key (e.g. "myapp:auth:"), so that several apps or environments can share
   * one Redis database. Default "" (no prefix).
   */
  readonly keyPrefix?: string;
}

/**
 * INCR, then give the key a time to live if it has none. On creation that is the only TTL it gets
 * (later increments never extend the window); a key left without one (written by something else)
 * is repaired rather than kept forever.
 */
const INCREMENT_SCRIPT = `
local count = redis.call("INCR", KEYS[1])
if redis.call("TTL", KEYS[1]) == -1 then
  redis.call("EXPIRE", KEYS[1], ARGV[1])
end
return count
`;

/** A positive whole number of seconds (Redis `EX` rejects 0 and fractions). */
const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));

/**
 * Secondary storage on Redis (or Valkey, KeyDB, Dragonfly) through an ioredis client that you
 * create and close: sessions, the per-user session index and rate-limit counters.
 *
 *   import Redis from "ioredis";
 *   import { redisStorage } from "@gatehouse-js/core/storage/redis";
 *   createAuth({ secondaryStorage: redisStorage(new Redis(process.env.REDIS_URL!), { keyPrefix: "auth:" }) });
 */
export function redisStorage(client: Redis, options: RedisStorageOptions = {}): SecondaryStorage {
  const prefix = options.keyPrefix ?? "";
  const k = (key: string) => `${prefix}${key}`;
  return {
    async get(key) {
      return client.get(k(key));
    },
    async set(key, value, ttl) {
      if (ttl !== undefined && ttl > 0) await client.set(k(key), value, "EX", seconds(ttl));
      else await client.set(k(key), value);
    },
    async delete(key) {
      await client.del(k(key));
    },
    async increment(key, ttl) {
      const result = await client.eval(INCREMENT_SCRIPT, 1, k(key), seconds(ttl));
      return Number(result);
    },
  };
}
