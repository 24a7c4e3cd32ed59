/**
 * The HTTP load generator: N keep-alive connections, each sending the same request again as soon
 * as the previous response is complete (no pipelining). Raw sockets and a minimal HTTP/1.1
 * response parser (Content-Length or chunked), so the generator costs little CPU next to the
 * server it measures. Every response's status is checked; any other status fails the run.
 *
 * Run as a child process (`fork`) so it never shares an event loop with the server: it receives a
 * `LoadSpec` message and answers with a `LoadResult`.
 */
import net from "node:net";

export interface LoadSpec {
  readonly port: number;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly status: number;
  readonly connections: number;
  /** Sent and not recorded first (JIT, pool, caches). */
  readonly warmUpMs: number;
  readonly durationMs: number;
}

export interface LoadResult {
  /** Answers recorded (after the warm-up). */
  readonly requests: number;
  /** Every answer, warm-up included (server CPU is divided by it). */
  readonly total: number;
  readonly seconds: number;
  readonly rps: number;
  /** Nanoseconds. */
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly wrongStatus: number;
  readonly firstWrong: string | null;
}

function requestBytes(spec: LoadSpec): Buffer {
  const lines = [`${spec.method} ${spec.path} HTTP/1.1`, "Host: localhost:3000", "Connection: keep-alive"];
  for (const [k, v] of Object.entries(spec.headers)) lines.push(`${k}: ${v}`);
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  if (body) lines.push(`Content-Length: ${body.byteLength}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return body ? Buffer.concat([head, body]) : head;
}

/** Length of one complete response at the start of `buf`, or -1 while it is incomplete. */
function responseLength(buf: Buffer): { length: number; status: number } | null {
  const headEnd = buf.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const head = buf.toString("latin1", 0, headEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buf.length >= end ? { length: end, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buf.toString("latin1", at, lineEnd), 16);
      at = lineEnd + 2 + size + 2;
      if (at > buf.length) return null;
      if (size === 0) return { length: at, status };
    }
  }
  return { length: bodyStart, status };
}

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const bytes = requestBytes(spec);
  const samples: number[] = [];
  let wrongStatus = 0;
  let total = 0;
  let firstWrong: string | null = null;
  const start = performance.now();
  const recordFrom = start + spec.warmUpMs;
  const stopAt = recordFrom + spec.durationMs;
  let recordedFrom = 0;
  let lastEnd = 0;

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port: spec.port, noDelay: true });
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(bytes);
      };
      socket.on("connect", send);
      socket.on("error", reject);
      socket.on("data", (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        const done = responseLength(pending);
        if (!done) return;
        const now = performance.now();
        total++;
        if (done.status !== spec.status) {
          wrongStatus++;
          firstWrong ??= pending.toString("utf8", 0, Math.min(done.length, 400));
        }
        pending = pending.subarray(done.length);
        if (sentAt >= recordFrom) {
          if (recordedFrom === 0) recordedFrom = sentAt;
          samples.push((now - sentAt) * 1e6);
          lastEnd = now;
        }
        if (now >= stopAt) {
          socket.end();
          resolve();
          return;
        }
        send();
      });
    });

  return Promise.all(Array.from({ length: spec.connections }, connection)).then(() => {
    const sorted = Float64Array.from(samples).sort();
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN;
    const seconds = (lastEnd - recordedFrom) / 1000;
    return {
      requests: samples.length,
      total,
      seconds,
      rps: samples.length / seconds,
      mean: samples.reduce((a, v) => a + v, 0) / samples.length,
      p50: at(0.5),
      p99: at(0.99),
      wrongStatus,
      firstWrong,
    };
  });
}

if (process.send) {
  process.on("message", (spec: LoadSpec) => {
    runLoad(spec).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
