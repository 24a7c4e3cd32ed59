import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminShop, adminShop, ok } from "./helpers";

/*
 * Product media (spec: Product `medias`): images uploaded through the same pluggable file storage
 * as downloadables, with `service=product_media`, shown on products and served publicly.
 */

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "gatehouse-media-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

type FileJson = { id: string; service: string; publicUrl: string | null; mimeType: string; name: string };
type Product = { id: string; medias: FileJson[] };

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

function uploader(app: AdminShop) {
  return (name: string, body: Uint8Array, type: string, service?: string) =>
    app.auth.handler(
      new Request(
        `${app.auth.$context.baseURL}/billing/files/upload?name=${encodeURIComponent(name)}${service ? `&service=${service}` : ""}`,
        {
          method: "POST",
          headers: {
            origin: app.auth.$context.origin,
            cookie: app.shop.cookieHeader(),
            "content-type": type,
          },
          body: body as Uint8Array<ArrayBuffer>,
        },
      ),
    );
}

async function shop() {
  const app = await adminShop({ files: { directory } });
  const upload = uploader(app);
  const media = async (name = "cover.png") => {
    const res = await upload(name, png, "image/png", "product_media");
    expect(res.status).toBe(200);
    return (await res.json()) as FileJson;
  };
  const product = (medias: string[]) =>
    app.shop.post<Product>("/billing/products/create", {
      name: "Illustrated",
      prices: [{ amountType: "fixed", priceAmount: 900, priceCurrency: "usd" }],
      medias,
    });
  return { app, upload, media, product };
}

describe("product media", () => {
  it("an image uploaded as product media gets a public address that serves it without a session", async () => {
    const { app, media } = await shop();
    const file = await media();
    expect(file).toMatchObject({ service: "product_media", mimeType: "image/png" });
    expect(file.publicUrl).toBe(`${app.auth.$context.baseURL}/product-media/${file.id}`);
    const res = await app.auth.handler(new Request(file.publicUrl!));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("public");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("products show their images in order; updates replace, reorder or clear them; lists carry them", async () => {
    const { app, media, product } = await shop();
    const [a, b] = [await media("a.png"), await media("b.png")];
    const created = await ok<Product>(product([a.id, b.id]));
    expect(created.medias.map((m) => [m.id, m.publicUrl])).toEqual([
      [a.id, a.publicUrl],
      [b.id, b.publicUrl],
    ]);
    const reordered = await ok<Product>(
      app.shop.post("/billing/products/update", { id: created.id, medias: [b.id, a.id] }),
    );
    expect(reordered.medias.map((m) => m.id)).toEqual([b.id, a.id]);
    const listed = await ok<{ items: Product[] }>(app.shop.get("/billing/products/list"));
    expect(listed.items[0]!.medias.map((m) => m.id)).toEqual([b.id, a.id]);
    const cleared = await ok<Product>(
      app.shop.post("/billing/products/update", { id: created.id, medias: [] }),
    );
    expect(cleared.medias).toEqual([]);
  });

  it("a deleted image leaves the product and its address answers 404", async () => {
    const { app, media, product } = await shop();
    const file = await media();
    const created = await ok<Product>(product([file.id]));
    await ok(app.shop.post("/billing/files/delete", { id: file.id }));
    const got = await ok<Product>(app.shop.get("/billing/products/get", { query: { id: created.id } }));
    expect(got.medias).toEqual([]);
    expect((await app.auth.handler(new Request(file.publicUrl!))).status).toBe(404);
  });

  it("refuses SVG and non-images as media, downloadables on products, unknown files; serves no downloadable", async () => {
    const { app, upload, product } = await shop();
    const svg = await upload("x.svg", new TextEncoder().encode("<svg/>"), "image/svg+xml", "product_media");
    expect(svg.status).toBe(400);
    expect(((await svg.json()) as { message: string }).message).toBe(
      "Product media must be a PNG, JPEG, GIF, WebP or AVIF image.",
    );
    const pdf = await upload("doc.pdf", png, "application/pdf");
    expect(pdf.status).toBe(200);
    const download = (await pdf.json()) as FileJson;
    expect(download).toMatchObject({ service: "downloadable", publicUrl: null });
    const asMedia = await product([download.id]);
    expect(asMedia.status).toBe(422);
    expect((asMedia.data as unknown as { message: string }).message).toBe(
      "Only images uploaded as product media can be shown on a product.",
    );
    expect((await product(["nope"])).status).toBeGreaterThanOrEqual(400);
    expect((await product(["nope"])).status).toBeLessThan(500);
    // A downloadable is never public: its id at the media address is 404.
    expect(
      (await app.auth.handler(new Request(`${app.auth.$context.baseURL}/product-media/${download.id}`)))
        .status,
    ).toBe(404);
    const products = await ok<{ items: Product[] }>(app.shop.get("/billing/products/list"));
    expect(products.items).toEqual([]);
  });
});
