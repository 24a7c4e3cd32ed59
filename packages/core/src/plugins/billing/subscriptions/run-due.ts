import type { BillingContext } from "../context";
import type { createCharges } from "./charges";
import type { createRenewals } from "./renewal";

type ChargeCounts = { paid: number; failed: number; processing: number; void: number };

/**
 * Renewals, then every due charge (renewals and dunning) — overlapped: after each renewed batch a
 * charge sweep starts (unless one is running) while the next batch renews, and a last sweep once
 * renewals are done charges whatever is left. Claims keep every order charged once.
 */
export async function renewAndCharge(
  ctx: BillingContext,
  renewals: ReturnType<typeof createRenewals>,
  charges: ReturnType<typeof createCharges>,
  concurrency: number | undefined,
) {
  const charged: ChargeCounts = { paid: 0, failed: 0, processing: 0, void: 0 };
  const add = (r: ChargeCounts) => {
    charged.paid += r.paid;
    charged.failed += r.failed;
    charged.processing += r.processing;
    charged.void += r.void;
  };
  const sweep: { running: Promise<void> | null } = { running: null };
  const renewed = await renewals.renewDue(100, concurrency, () => {
    if (sweep.running) return;
    sweep.running = charges
      .chargeDue(100, concurrency)
      .then(add)
      .catch((error: unknown) => ctx.app.logger.error("billing: charge sweep failed", error))
      .finally(() => {
        sweep.running = null;
      });
  });
  await sweep.running;
  add(await charges.chargeDue(100, concurrency));
  return { ...renewed, charges: charged };
}
