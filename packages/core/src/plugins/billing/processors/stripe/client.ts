import type Stripe from "stripe";
import type { StripeProcessorOptions } from "./options";

/** Resolves the SDK client; the same instance for every call. */
export type StripeClient = () => Promise<Stripe>;

async function loadSdk(): Promise<typeof Stripe> {
  try {
    return (await import("stripe")).default;
  } catch (error) {
    throw new Error(
      'The Stripe processor needs the "stripe" package: install it next to @gatehouse-js/core',
      {
        cause: error,
      },
    );
  }
}

/**
 * The given `client`, or one built on first use. The SDK is imported lazily so that apps which
 * only use the test processor never load (or need to install) `stripe`. The fetch HTTP client is
 * the one every runtime has (Node, Bun, Deno, workers), and the one request mocks see.
 */
export function stripeClient(options: StripeProcessorOptions): StripeClient {
  let client: Promise<Stripe> | null = options.client ? Promise.resolve(options.client as Stripe) : null;
  return () => {
    client ??= loadSdk()
      .then(
        (StripeSDK) =>
          new StripeSDK(options.secretKey, {
            ...(options.apiVersion
              ? { apiVersion: options.apiVersion as Stripe.StripeConfig["apiVersion"] }
              : {}),
            httpClient: StripeSDK.createFetchHttpClient(),
            appInfo: { name: "Gatehouse" },
          }),
      )
      .catch((error: unknown) => {
        client = null; // a later call tries again
        throw error;
      });
    return client;
  };
}
