import { randomBytes } from "node:crypto";
import { HttpResponse, http } from "msw";
import {
  API,
  type FakeCustomer,
  type FakePaymentIntent,
  type FakeRefund,
  type FakeSetupIntent,
  id,
  metadataOf,
  now,
  type StripeCall,
  TOKENS,
} from "./fake-objects";

export { type FakePaymentIntent, type FakeSetupIntent, KEYS, TOKENS } from "./fake-objects";

const DECLINES: Partial<Record<string, { code: string; message: string }>> = {
  [TOKENS.declined]: { code: "generic_decline", message: "Your card was declined." },
  [TOKENS.insufficient]: { code: "insufficient_funds", message: "Your card has insufficient funds." },
};

/**
 * A small stand-in for Stripe's HTTP API (https://api.stripe.com/v1), served through msw: it reads
 * the form-encoded bodies the SDK sends, keeps customers and intents, honours Idempotency-Key like
 * Stripe (same key, same answer) and answers Stripe-shaped JSON. Outcomes follow the confirmation
 * token, like Stripe's test tokens.
 */
export function fakeStripe() {
  const calls: StripeCall[] = [];
  const customers = new Map<string, FakeCustomer>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const error = (status: number, body: Record<string, unknown>) => ({ status, body: { error: body } });
  const ok = (body: unknown) => ({ status: 200, body });

  /** Records the call, replays an idempotent answer, or computes and remembers a new one. */
  const route = (
    path: string,
    answer: (
      params: Record<string, string>,
      pathParams: Record<string, string>,
    ) => {
      status: number;
      body: unknown;
    },
  ) =>
    http.post(`${API}${path}`, async ({ request, params: pathParams }) => {
      const params = Object.fromEntries(new URLSearchParams(await request.text()));
      const idempotencyKey = request.headers.get("idempotency-key");
      const url = new URL(request.url);
      calls.push({
        method: "POST",
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: request.headers.get("authorization"),
      });
      const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      const result = replay ?? answer(params, pathParams as Record<string, string>);
      if (idempotencyKey && !replay) idempotent.set(idempotencyKey, result);
      return HttpResponse.json(result.body as Record<string, unknown>, { status: result.status });
    });

  const createPaymentIntent = (params: Record<string, string>) => {
    const token = params.confirmation_token ?? "";
    if (token === TOKENS.expired) {
      return error(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "confirmation_token",
        message: `No such confirmation_token: '${token}'`,
      });
    }
    const pi: FakePaymentIntent = {
      id: id("pi"),
      object: "payment_intent",
      amount: Number(params.amount),
      amount_received: 0,
      currency: params.currency ?? "usd",
      customer: params.customer ?? null,
      status: "requires_payment_method",
      client_secret: "",
      metadata: metadataOf(params),
      payment_method: id("pm"),
      setup_future_usage: params.setup_future_usage === "off_session" ? "off_session" : null,
      next_action: null,
      last_payment_error: null,
      cancellation_reason: null,
      latest_charge: null,
      created: now(),
      livemode: false,
      capture_method: "automatic_async",
      confirmation_method: "automatic",
      payment_method_types: ["card"],
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString("hex")}`;
    paymentIntents.set(pi.id, pi);
    const decline = DECLINES[token];
    if (decline) {
      const message = decline.message;
      pi.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: decline.code,
        message,
      };
      return error(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: decline.code,
        message,
        charge: id("ch"),
        doc_url: "https://stripe.com/docs/error-codes/card-declined",
        payment_intent: { ...pi },
      });
    }
    if (token === TOKENS.authenticate) {
      pi.status = "requires_action";
      pi.next_action = {
        type: "use_stripe_sdk",
        use_stripe_sdk: {
          type: "three_d_secure_redirect",
          stripe_js: "https://hooks.stripe.com/3d_secure_2/x",
        },
      };
    } else if (token === TOKENS.processing) {
      pi.status = "processing";
    } else {
      Object.assign(pi, { status: "succeeded", amount_received: pi.amount, latest_charge: id("ch") });
    }
    return ok(pi);
  };

  const createSetupIntent = (params: Record<string, string>) => {
    const si: FakeSetupIntent = {
      id: id("seti"),
      object: "setup_intent",
      customer: params.customer ?? null,
      status: "succeeded",
      client_secret: "",
      metadata: metadataOf(params),
      payment_method: id("pm"),
      usage: params.usage ?? "off_session",
      next_action: null,
      last_setup_error: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
      payment_method_types: ["card"],
    };
    si.client_secret = `${si.id}_secret_${randomBytes(8).toString("hex")}`;
    setupIntents.set(si.id, si);
    const decline = DECLINES[params.confirmation_token ?? ""];
    if (decline) {
      si.status = "requires_payment_method";
      return error(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: decline.code,
        message: decline.message,
        setup_intent: si,
      });
    }
    if (params.confirmation_token === TOKENS.authenticate) si.status = "requires_action";
    return ok(si);
  };

  const cancel = (intent: FakePaymentIntent | FakeSetupIntent | undefined, reason?: string) => {
    if (!intent)
      return error(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such intent",
      });
    if (intent.status === "succeeded" || intent.status === "canceled" || intent.status === "processing") {
      const code =
        intent.object === "payment_intent"
          ? "payment_intent_unexpected_state"
          : "setup_intent_unexpected_state";
      return error(400, {
        type: "invalid_request_error",
        code,
        message: `You cannot cancel this ${intent.object === "payment_intent" ? "PaymentIntent" : "SetupIntent"} because it has a status of ${intent.status}.`,
      });
    }
    Object.assign(intent, { status: "canceled", cancellation_reason: reason ?? "requested_by_customer" });
    return ok(intent);
  };

  /** A GET (retrieve or list), recorded with its query as params. */
  const read = (
    path: string,
    answer: (query: URLSearchParams, id: string) => { status: number; body: unknown },
  ) =>
    http.get(`${API}${path}`, ({ request, params: pathParams }) => {
      const url = new URL(request.url);
      calls.push({
        method: "GET",
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        idempotencyKey: null,
        authorization: request.headers.get("authorization"),
      });
      const result = answer(url.searchParams, String(pathParams.id ?? ""));
      return HttpResponse.json(result.body as Record<string, unknown>, { status: result.status });
    });
  const missing = (what: string) =>
    error(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` });
  /** Stripe's list: newest first, filtered by customer. */
  const list = (
    items: Iterable<FakePaymentIntent | FakeSetupIntent>,
    query: URLSearchParams,
    url: string,
  ) => {
    const customer = query.get("customer");
    const data = [...items].filter((i) => !customer || i.customer === customer).reverse();
    const limit = Number(query.get("limit") ?? 10);
    return ok({ object: "list", url, has_more: data.length > limit, data: data.slice(0, limit) });
  };

  const handlers = [
    read("/payment_intents/:id", (_q, intentId) => {
      const pi = paymentIntents.get(intentId);
      return pi ? ok(pi) : missing(`payment_intent: '${intentId}'`);
    }),
    read("/setup_intents/:id", (_q, intentId) => {
      const si = setupIntents.get(intentId);
      return si ? ok(si) : missing(`setup_intent: '${intentId}'`);
    }),
    read("/payment_intents", (q) => list(paymentIntents.values(), q, "/v1/payment_intents")),
    read("/setup_intents", (q) => list(setupIntents.values(), q, "/v1/setup_intents")),
    route("/customers", (params) => {
      const customer: FakeCustomer = {
        id: id("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: metadataOf(params),
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return ok(customer);
    }),
    route("/customers/:id", (params, path) => {
      const customer = customers.get(path.id ?? "");
      if (!customer) {
        return error(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such customer: '${path.id}'`,
        });
      }
      Object.assign(customer, { email: params.email ?? customer.email, name: params.name ?? customer.name });
      return ok(customer);
    }),
    route("/payment_intents", createPaymentIntent),
    route("/payment_intents/:id/cancel", (params, path) =>
      cancel(paymentIntents.get(path.id ?? ""), params.cancellation_reason),
    ),
    route("/setup_intents", createSetupIntent),
    route("/setup_intents/:id/cancel", (params, path) =>
      cancel(setupIntents.get(path.id ?? ""), params.cancellation_reason),
    ),
    route("/refunds", (params) => {
      const pi = paymentIntents.get(params.payment_intent ?? "");
      if (pi?.status !== "succeeded") {
        return error(400, {
          type: "invalid_request_error",
          code: "charge_not_refundable",
          message: "This PaymentIntent cannot be refunded.",
        });
      }
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        amount: Number(params.amount ?? pi.amount),
        currency: pi.currency,
        payment_intent: pi.id,
        reason: params.reason ?? null,
        status: "succeeded",
        metadata: metadataOf(params),
        created: now(),
      };
      return ok(refund);
    }),
  ];

  return {
    handlers,
    calls,
    customers,
    paymentIntents,
    setupIntents,
    /** Calls to one endpoint, e.g. `count("/v1/payment_intents")`. */
    to: (path: string) => calls.filter((c) => c.path === path),
    /** Ends a 3-D Secure challenge as the buyer would; the intent as Stripe's event would carry it. */
    authenticate(intentId: string, approved: boolean): FakePaymentIntent {
      const pi = paymentIntents.get(intentId);
      if (!pi) throw new Error(`no PaymentIntent ${intentId}`);
      if (approved)
        Object.assign(pi, {
          status: "succeeded",
          amount_received: pi.amount,
          next_action: null,
          latest_charge: id("ch"),
        });
      else {
        Object.assign(pi, {
          status: "requires_payment_method",
          next_action: null,
          last_payment_error: {
            type: "card_error",
            code: "payment_intent_authentication_failure",
            message:
              "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
          },
        });
      }
      return { ...pi };
    },
    reset() {
      calls.length = 0;
      customers.clear();
      paymentIntents.clear();
      setupIntents.clear();
      idempotent.clear();
    },
  };
}

export type FakeStripe = ReturnType<typeof fakeStripe>;
