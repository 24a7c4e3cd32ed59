import { describe, expect, it } from "vitest";
import type { TestBrowser } from "../../../src/testing";
import { type ErrorBody, ok, orgShop } from "../catalog/helpers";
import { type EventOut, type Page, usageShop } from "./setup";

describe("GET /billing/events/get", () => {
  it("answers one event as the list shows it; unknown ids 404, a missing id 400", async () => {
    const app = await usageShop();
    await ok(app.ingest([{ name: "api.call", customerId: app.customer.id, metadata: { tokens: 3 } }]));
    const [listed] = (await app.listEvents()).items;
    const got = await app.shop.get<EventOut>("/billing/events/get", { query: { id: listed!.id } });
    expect(got.status).toBe(200);
    expect(got.data).toEqual(listed);
    expect(got.data).toMatchObject({
      name: "api.call",
      customerId: app.customer.id,
      metadata: { tokens: 3 },
    });

    const unknown = await app.shop.get<ErrorBody>("/billing/events/get", { query: { id: "evt_missing" } });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ code: "EVENT_NOT_FOUND", message: "Event not found" });
    const missing = await app.shop.get<ErrorBody>("/billing/events/get");
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Invalid query parameters");
  });

  it("needs a session and billing rights: a signed-out caller 401, a plain user 403", async () => {
    const app = await usageShop();
    await ok(app.ingest([{ name: "api.call", customerId: app.customer.id }]));
    const [listed] = (await app.listEvents()).items;
    const buyer = await app.buyer.get<ErrorBody>("/billing/events/get", { query: { id: listed!.id } });
    expect(buyer.status).toBe(403);
    const anonymous = await app.browser().get("/billing/events/get", { query: { id: listed!.id } });
    expect(anonymous.status).toBe(401);
  });

  it("members of the merchant organization read; outsiders and other merchants' events are refused", async () => {
    const app = await orgShop();
    const ingestFor = async (who: TestBrowser, organizationId: string, name: string) => {
      const customer = await ok<{ id: string }>(
        who.post("/billing/customers/create", { organizationId, email: `${name}@example.com` }),
      );
      await ok(
        who.post("/billing/events/ingest", { organizationId, events: [{ name, customerId: customer.id }] }),
      );
      const page = await ok<Page<EventOut>>(who.get("/billing/events/list", { query: { organizationId } }));
      return page.items.find((e) => e.name === name)!;
    };
    const mine = await ingestFor(app.owner, app.org.id, "mine");
    const other = await ok<{ id: string }>(
      app.owner.post("/organization/create", { name: "Other", slug: `other-${mine.id}`.toLowerCase() }),
    );
    const theirs = await ingestFor(app.owner, other.id, "theirs");

    const read = (who: TestBrowser, id: string) =>
      who.get<EventOut & ErrorBody>("/billing/events/get", { query: { organizationId: app.org.id, id } });
    expect((await read(app.member, mine.id)).data).toEqual(mine);
    expect((await read(app.outsider, mine.id)).status).toBe(403);
    const crossed = await read(app.owner, theirs.id);
    expect(crossed.status).toBe(404);
    expect(crossed.data.code).toBe("EVENT_NOT_FOUND");
  });
});
