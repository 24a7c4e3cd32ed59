import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadablesStrategy } from "../../../src/plugins/billing/benefit-grants/strategies/downloadables";
import type { GrantProperties } from "../../../src/plugins/billing/benefit-grants/strategy";
import type { BenefitRow, CustomerRow } from "../../../src/plugins/billing/rows";
import { adminShop, ok } from "../catalog/helpers";

type FileJson = {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  checksumSha256: string;
  sizeReadable: string;
};
type Listed = {
  id: string;
  benefitId: string;
  name: string;
  size: number;
  mimeType: string;
  downloadUrl: string;
  expiresAt: string;
};
type ErrorJson = { message: string; code: string };

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "gatehouse-files-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/**
 * A platform admin (`shop`) managing the default merchant, a buyer with a customer, files on the
 * local filesystem (the default storage) under a temporary directory. `grants` stands in for the
 * grant engine: the strategy's properties, read back through `downloads.readGrantsWith`.
 */
async function setup(maxSize?: number) {
  const app = await adminShop({ files: { directory, ...(maxSize ? { maxSize } : {}) } });
  const merchant = await app.billing.merchants.defaultMerchant();
  const me = await ok<{ user: { id: string; email: string } }>(app.buyer.get("/get-session"));
  const customer: CustomerRow = await app.billing.ctx.write((tx, emit) =>
    app.billing.customers.forUser(tx, emit, merchant, me.user),
  );
  const grants = new Map<string, { benefitId: string; properties: GrantProperties }[]>();
  app.billing.downloads.readGrantsWith(async (customerId) => grants.get(customerId) ?? []);

  const send = (path: string, init: RequestInit & { cookies?: boolean } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", app.auth.$context.origin);
    if (init.cookies !== false) headers.set("cookie", app.shop.cookieHeader());
    return app.auth.handler(new Request(`${app.auth.$context.baseURL}${path}`, { ...init, headers }));
  };
  /** Raw body upload: bytes as the body, name in the query, type from Content-Type. */
  const uploadRaw = (name: string, body: Uint8Array, type = "application/pdf") =>
    send(`/billing/files/upload?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { "content-type": type },
      body: body as Uint8Array<ArrayBuffer>,
    });
  const uploadForm = (name: string, body: Uint8Array, type: string) => {
    const form = new FormData();
    form.set("file", new File([body as Uint8Array<ArrayBuffer>], name, { type }));
    return send("/billing/files/upload", { method: "POST", body: form });
  };
  const json = async <T>(res: Response) => (await res.json()) as T;

  async function benefit(files: string[], archived: Record<string, boolean> = {}) {
    const created = await ok<{ id: string }>(
      app.shop.post("/billing/benefits/create", {
        type: "downloadables",
        description: "Source files",
        properties: { files, archived },
      }),
    );
    return created.id;
  }
  const benefitRow = async (id: string) =>
    (await app.db.findOne<BenefitRow>({ model: "billingBenefit", where: [{ field: "id", value: id }] }))!;

  /** What the engine does on a grant: run the strategy, keep the properties. */
  async function grant(benefitId: string) {
    const properties = await downloadablesStrategy.grant({
      ctx: app.billing.ctx,
      benefit: await benefitRow(benefitId),
      customer,
      grantProperties: {},
      linkedAccount: async () => null,
    });
    grants.set(customer.id, [
      ...(grants.get(customer.id) ?? []).filter((g) => g.benefitId !== benefitId),
      { benefitId, properties },
    ]);
    return properties;
  }

  const list = () => ok<{ items: Listed[] }>(app.buyer.get("/customer/downloadables/list"));
  /** Follows a download link as a download manager would: no cookies. */
  const follow = (url: string) => app.auth.handler(new Request(url));

  return {
    ...app,
    merchant,
    customer,
    grants,
    send,
    uploadRaw,
    uploadForm,
    json,
    benefit,
    benefitRow,
    grant,
    list,
    follow,
  };
}

describe("files: upload and list", () => {
  it("uploads raw and multipart bodies, stores the bytes with their SHA-256, lists newest first", async () => {
    const s = await setup();
    const pdf = bytes(3000);
    const res = await s.uploadRaw("guide.pdf", pdf);
    expect(res.status).toBe(200);
    const first = await s.json<FileJson>(res);
    expect(first).toMatchObject({
      name: "guide.pdf",
      mimeType: "application/pdf",
      size: 3000,
      sizeReadable: "3.0 kB",
      checksumSha256: sha256(pdf),
      organizationId: s.merchant.id,
    });

    s.time.advance(1000);
    const zip = bytes(1500, 7);
    const formRes = await s.uploadForm("Ünïcode assets.zip", zip, "application/zip");
    expect(formRes.status).toBe(200);
    const second = await s.json<FileJson>(formRes);
    expect(second).toMatchObject({ name: "Ünïcode assets.zip", mimeType: "application/zip", size: 1500 });
    expect(second.checksumSha256).toBe(sha256(zip));

    const listed = await ok<{ items: FileJson[]; pagination: { totalCount: number } }>(
      s.shop.get("/billing/files/list"),
    );
    expect(listed.items.map((f) => f.id)).toEqual([second.id, first.id]);
    expect(listed.pagination.totalCount).toBe(2);
    // The bytes are on disk under the merchant's folder.
    expect((await readdir(join(directory, s.merchant.id))).length).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad uploads with 4xx and writes nothing", async () => {
    const s = await setup(2048);
    const empty = await s.uploadRaw("empty.pdf", new Uint8Array(0));
    expect(empty.status).toBe(422);
    expect((await s.json<ErrorJson>(empty)).message).toBe("File is empty.");

    const big = await s.uploadRaw("big.bin", bytes(2049), "application/octet-stream");
    expect(big.status).toBe(413);
    expect(await s.json<ErrorJson>(big)).toMatchObject({ message: "File is too large.", maxSize: 2048 });
    const bigForm = await s.uploadForm("big.bin", bytes(2049), "application/octet-stream");
    expect(bigForm.status).toBe(413);

    const noName = await s.send("/billing/files/upload", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(await noName.json())).toContain("name is required.");

    const badType = await s.uploadRaw("a.txt", bytes(10), "not a type");
    expect(badType.status).toBe(400);
    const slash = await s.uploadRaw("../etc/passwd", bytes(10), "text/plain");
    expect(slash.status).toBe(400);

    const anonymous = await s.send("/billing/files/upload?name=a.txt", {
      method: "POST",
      body: "hello",
      cookies: false,
    });
    expect(anonymous.status).toBe(401);
    const buyer = await s.auth.handler(
      new Request(`${s.auth.$context.baseURL}/billing/files/upload?name=a.txt`, {
        method: "POST",
        headers: {
          origin: s.auth.$context.origin,
          cookie: s.buyer.cookieHeader(),
          "content-type": "text/plain",
        },
        body: bytes(4096) as Uint8Array<ArrayBuffer>,
      }),
    );
    // Rights are checked before the body is read: a buyer's oversized upload is a 403, not a 413.
    expect(buyer.status).toBe(403);
    expect((await s.json<ErrorJson>(buyer)).message).toBe(
      "You are not allowed to manage billing for this organization",
    );

    const listed = await ok<{ items: unknown[] }>(s.shop.get("/billing/files/list"));
    expect(listed.items).toEqual([]);
    expect(await s.db.count({ model: "billingFile" })).toBe(0);
  });

  it("the auth's maxBodySize (1 MiB by default) caps the declared length before the endpoint runs", async () => {
    const s = await setup();
    const big = bytes(1024 * 1024 + 1);
    // As a server adapter hands it over: with the declared length.
    const res = await s.send("/billing/files/upload?name=big.bin", {
      method: "POST",
      headers: { "content-type": "application/octet-stream", "content-length": String(big.byteLength) },
      body: big as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(413);
    expect((await s.json<ErrorJson>(res)).code).toBe("REQUEST_BODY_TOO_LARGE");
    expect(await s.db.count({ model: "billingFile" })).toBe(0);
  });

  it("another merchant's file can be neither offered nor deleted", async () => {
    const s = await setup();
    const other = await s.db.create<{ id: string }>({
      model: "billingMerchant",
      data: { name: "Other", slug: "other", socials: [], featureSettings: {}, subscriptionSettings: {} },
    });
    const foreign = await s.db.create<{ id: string }>({
      model: "billingFile",
      data: {
        merchantId: other.id,
        name: "theirs.pdf",
        mimeType: "application/pdf",
        size: 10,
        checksumSha256: "0".repeat(64),
        storageKey: `${other.id}/abc`,
      },
    });
    const offered = await s.shop.post<ErrorJson & { issues: { path: unknown[]; message: string }[] }>(
      "/billing/benefits/create",
      { type: "downloadables", description: "Stolen", properties: { files: [foreign.id] } },
    );
    expect(offered.status).toBe(422);
    expect(offered.data.issues).toEqual([{ path: ["properties", "files", 0], message: "File not found." }]);
    const deleted = await s.shop.post<ErrorJson>("/billing/files/delete", { id: foreign.id });
    expect(deleted.status).toBe(404);
    expect(deleted.data.message).toBe("File not found.");
    expect(await s.db.count({ model: "billingBenefit" })).toBe(0);
  });
});

describe("downloadables: grant, list, signed download", () => {
  async function granted() {
    const s = await setup();
    const a = await s.json<FileJson>(await s.uploadRaw("a.pdf", bytes(4000, 3)));
    const b = await s.json<FileJson>(await s.uploadForm("b.zip", bytes(900, 5), "application/zip"));
    const c = await s.json<FileJson>(await s.uploadRaw("old.pdf", bytes(100, 9)));
    const benefitId = await s.benefit([a.id, b.id, c.id], { [c.id]: true });
    return { s, a, b, c, benefitId };
  }

  it("the grant lists the active files; the buyer gets signed links that download the same bytes", async () => {
    const { s, a, b, benefitId } = await granted();
    const properties = await s.grant(benefitId);
    expect(properties).toEqual({
      files: [
        { fileId: a.id, name: "a.pdf", size: 4000, mimeType: "application/pdf" },
        { fileId: b.id, name: "b.zip", size: 900, mimeType: "application/zip" },
      ],
    });
    // Idempotent: granting again gives the same properties.
    expect(await s.grant(benefitId)).toEqual(properties);

    const { items } = await s.list();
    expect(items.map((i) => [i.id, i.benefitId, i.name, i.size])).toEqual([
      [a.id, benefitId, "a.pdf", 4000],
      [b.id, benefitId, "b.zip", 900],
    ]);
    expect(items[0]!.expiresAt).toBe(new Date(s.time.now().getTime() + 3600_000).toISOString());
    expect(
      items[0]!.downloadUrl.startsWith(`${s.auth.$context.baseURL}/customer/downloadables/download?token=`),
    ).toBe(true);

    const res = await s.follow(items[0]!.downloadUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes(4000, 3));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe("4000");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const zip = await s.follow(items[1]!.downloadUrl);
    expect(new Uint8Array(await zip.arrayBuffer())).toEqual(bytes(900, 5));
  });

  it("expired and tampered links get 403", async () => {
    const { s, a, benefitId } = await granted();
    await s.grant(benefitId);
    const [first, second] = (await s.list()).items;
    const token = new URL(first!.downloadUrl).searchParams.get("token")!;
    const [payload, signature] = token.split(".") as [string, string];
    const other = new URL(second!.downloadUrl).searchParams.get("token")!;
    const url = (t: string) =>
      `${s.auth.$context.baseURL}/customer/downloadables/download?token=${encodeURIComponent(t)}`;
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);

    for (const bad of [
      `${flip(payload, 5)}.${signature}`,
      `${payload}.${flip(signature, 10)}`,
      `${other.split(".")[0]}.${signature}`,
      `${payload}.${signature}x`,
      payload,
      "garbage",
    ]) {
      const res = await s.follow(url(bad));
      expect(res.status, bad).toBe(403);
      expect((await s.json<ErrorJson>(res)).message).toBe("Download link is invalid or has expired.");
    }
    // Another customer's claims cannot be forged: the payload is signed as a whole.
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), c: "cus_other" }),
    ).toString("base64url");
    expect((await s.follow(url(`${forged}.${signature}`))).status).toBe(403);

    expect((await s.follow(first!.downloadUrl)).status).toBe(200);
    s.time.advance(3599_000);
    expect((await s.follow(first!.downloadUrl)).status).toBe(200);
    s.time.advance(1000);
    const expired = await s.follow(first!.downloadUrl);
    expect(expired.status).toBe(403);
    expect((await s.json<ErrorJson>(expired)).message).toBe("Download link is invalid or has expired.");
    // A fresh list gives fresh links.
    const fresh = (await s.list()).items.find((i) => i.id === a.id)!;
    expect((await s.follow(fresh.downloadUrl)).status).toBe(200);
  });

  it("archived files leave the list and their links stop working; the next grant leaves them out", async () => {
    const { s, a, b, c, benefitId } = await granted();
    await s.grant(benefitId);
    const before = (await s.list()).items;
    await ok(
      s.shop.post("/billing/benefits/update", {
        id: benefitId,
        properties: { files: [a.id, b.id, c.id], archived: { [c.id]: true, [b.id]: true } },
      }),
    );
    expect((await s.list()).items.map((i) => i.id)).toEqual([a.id]);
    const gone = await s.follow(before.find((i) => i.id === b.id)!.downloadUrl);
    expect(gone.status).toBe(403);
    expect((await s.json<ErrorJson>(gone)).message).toBe("You no longer have access to this file.");
    const updated = await downloadablesStrategy.update({
      ctx: s.billing.ctx,
      benefit: await s.benefitRow(benefitId),
      customer: s.customer,
      grantProperties: {},
      previousProperties: {},
      linkedAccount: async () => null,
    });
    expect(updated).toEqual({
      files: [{ fileId: a.id, name: "a.pdf", size: 4000, mimeType: "application/pdf" }],
    });
  });

  it("a revoked grant lists nothing and its links get 403; a deleted file is gone (404)", async () => {
    const { s, a, benefitId } = await granted();
    await s.grant(benefitId);
    const links = (await s.list()).items;

    await ok(s.shop.post("/billing/files/delete", { id: a.id }));
    expect((await s.list()).items.map((i) => i.name)).toEqual(["b.zip"]);
    const deleted = await s.follow(links[0]!.downloadUrl);
    expect(deleted.status).toBe(404);
    expect((await s.json<ErrorJson>(deleted)).message).toBe("File not found.");
    expect(
      (await ok<{ items: FileJson[] }>(s.shop.get("/billing/files/list"))).items.map((f) => f.name).sort(),
    ).toEqual(["b.zip", "old.pdf"]);
    expect((await s.shop.post("/billing/files/delete", { id: a.id })).status).toBe(404);

    const revoked = await downloadablesStrategy.revoke({
      ctx: s.billing.ctx,
      benefit: await s.benefitRow(benefitId),
      customer: s.customer,
      grantProperties: s.grants.get(s.customer.id)![0]!.properties,
      linkedAccount: async () => null,
    });
    expect(revoked).toEqual({});
    s.grants.set(s.customer.id, []);
    expect((await s.list()).items).toEqual([]);
    const res = await s.follow(links[1]!.downloadUrl);
    expect(res.status).toBe(403);
    expect((await s.json<ErrorJson>(res)).message).toBe("You no longer have access to this file.");
  });

  it("the list needs a session; a user without a customer gets an empty list", async () => {
    const s = await setup();
    expect((await s.buyer.get("/customer/downloadables/list", { cookies: false })).status).toBe(401);
    expect((await ok<{ items: unknown[] }>(s.shop.get("/customer/downloadables/list"))).items).toEqual([]);
  });
});
