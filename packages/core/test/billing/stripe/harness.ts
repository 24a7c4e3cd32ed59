import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { stripeProcessor } from "../../../src/plugins/billing";
import { address, billingApp } from "../fixtures";
import { webhookRequest } from "./events";
import { fakeStripe, KEYS } from "./fake-stripe";

export type Checkout = Record<string, unknown> & {
  id: string;
  status: string;
  totalAmount: number;
  paymentProcessorMetadata: Record<string, string>;
};
export type Err = { message: string; code: string; declineCode?: string };

/** The fake Stripe API behind msw for one test file; every unhandled request fails the test. */
export function useFakeStripe() {
  const fake = fakeStripe();
  const server = setupServer(...fake.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    fake.reset();
  });
  afterAll(() => server.close());
  return { fake, server };
}

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** A billing app with the Stripe processor (real SDK, fake HTTP API) and a signed-up buyer. */
export async function stripeApp() {
  const app = await billingApp({ processor: stripeProcessor({ ...KEYS }) });
  const buyer = await app.signUp({ email: "buyer@example.com", name: "Buyer" });

  async function open(productId: string, body: Record<string, unknown> = {}) {
    const res = await buyer.browser.post<{ url: string }>("/checkout", { products: [productId], ...body });
    if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.data)}`);
    return secretOf(res.data.url);
  }
  const confirm = <T = Checkout>(secret: string, token: string, extra: Record<string, unknown> = {}) =>
    buyer.browser.post<T>(`/checkouts/client/${secret}/confirm`, {
      customerBillingAddress: address,
      confirmationTokenId: token,
      ...extra,
    });
  const patch = (secret: string, body: Record<string, unknown>) =>
    buyer.browser.request<Checkout>(`/checkouts/client/${secret}`, { method: "PATCH", body });
  const get = async (secret: string) =>
    (await buyer.browser.get<Checkout>(`/checkouts/client/${secret}`)).data;

  /** POSTs a webhook as Stripe does; the JSON answer and status. */
  async function deliver(body: string, header?: string | null) {
    const response = await app.auth.handler(webhookRequest(body, header));
    return { status: response.status, data: (await response.json()) as Record<string, unknown> };
  }
  const orders = () => app.db.count({ model: "billingOrder" });

  return { ...app, buyer, open, confirm, patch, get, deliver, orders };
}
