import { describe, it } from "vitest";
import { benefitShop } from "../benefits/setup";
import { meteredFlow } from "./metered-flow";

describe("metered prices billed at the cycle end (memory)", () => {
  it("100,000 events, every aggregation and operator, credits used first, rollover across two periods", async () => {
    const timing = await meteredFlow(await benefitShop());
    console.info(`metered flow on memory: ${JSON.stringify(timing)}`);
  }, 120_000);
});
