import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type BillingEvent, verifyWebhook } from "../../../src/webhooks/index";

export interface Hit {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly headers: IncomingHttpHeaders;
  /** The exact bytes received. */
  readonly body: Buffer;
  /** Status answered (0 while hanging). */
  status: number;
  /** The event `verifyWebhook` returned, or its error message. */
  readonly event: BillingEvent | null;
  readonly error: string | null;
}

/** What to answer to the n-th hit (0-based): a status, or "hang" to never answer. */
export type Behaviour = (hit: Hit, n: number) => number | "hang";

/**
 * A real HTTP receiver on 127.0.0.1 (random port), as a merchant's app: every request is verified
 * with `verifyWebhook` and the endpoint's secret (400 when it fails), then answered per `behaviour`.
 */
export async function startReceiver(options: {
  now: () => Date;
  behaviour?: Behaviour;
  /** Verify only the first n requests (benchmarks; later ones are answered unverified). Default all. */
  verifyFirst?: number;
}) {
  const hits: Hit[] = [];
  const hanging: ServerResponse[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state = { secret: "", behaviour: options.behaviour ?? (() => 200) };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      let event: BillingEvent | null = null;
      let error: string | null = null;
      if (hits.length < (options.verifyFirst ?? Number.POSITIVE_INFINITY)) {
        try {
          event = await verifyWebhook(body, req.headers, state.secret, { now: options.now });
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      const header = (name: string) => String(req.headers[name] ?? "");
      const hit: Hit = {
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        headers: req.headers,
        body,
        status: 0,
        event,
        error,
      };
      hits.push(hit);
      for (const w of waiters.filter((w) => hits.length >= w.count)) w.resolve();
      const answer = error ? 400 : state.behaviour(hit, hits.length - 1);
      if (answer === "hang") {
        hanging.push(res);
        return;
      }
      hit.status = answer;
      res.writeHead(answer, { "content-type": "text/plain" });
      res.end(answer < 300 ? "ok" : `failing with ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    hits,
    /** The endpoint's secret, as the merchant's app would hold it. */
    set secret(value: string) {
      state.secret = value;
    },
    set behaviour(value: Behaviour) {
      state.behaviour = value;
    },
    /** Resolves once `count` requests have arrived (hanging ones included). */
    waitForHits(count: number) {
      if (hits.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    hitsFor: (id: string) => hits.filter((h) => h.id === id),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
