import net from "node:net";

/**
 * Real services for database tests. CI (`.ci/run`) exports the URLs and sets
 * GATEHOUSE_REQUIRE_SERVICES=1, which turns "service missing" into a failure; on a laptop without
 * the services, the tests that need them skip with a message saying so.
 */
export const serviceUrls = {
  postgres: process.env.GATEHOUSE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  mysql: process.env.GATEHOUSE_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test",
  redis: process.env.GATEHOUSE_REDIS_URL ?? "redis://127.0.0.1:6379",
} as const;

export type ServiceName = keyof typeof serviceUrls;

export const servicesRequired = process.env.GATEHOUSE_REQUIRE_SERVICES === "1";

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), timeout: 1500 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Resolves whether a service can be used. Missing + required -> throws (the suite fails);
 * missing + not required -> false, with a console message naming the service.
 */
export async function serviceAvailable(name: ServiceName): Promise<boolean> {
  const ok = await reachable(serviceUrls[name]);
  if (ok) return true;
  const message = `${name} is not reachable at ${serviceUrls[name]}`;
  if (servicesRequired)
    throw new Error(`${message} (GATEHOUSE_REQUIRE_SERVICES=1: a missing service is a failure)`);
  console.warn(`[gatehouse tests] ${message}: skipping the tests that need it.`);
  return false;
}
