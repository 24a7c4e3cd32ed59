import type { Kysely } from "kysely";
import type { DatabaseAdapter } from "../../db/adapter";
import { createDBAdapter } from "../../db/create-db-adapter";
import { resolvePhysical } from "../../db/physical";
import { createKyselyDriver } from "./driver";
import { applyMigration, planMigration, toPlan } from "./migrations";
import { jsonColumnsOf } from "./pg-bulk-insert";
import type { DynamicKysely, KyselyAdapterOptions } from "./types";

/** Builds the adapter; `owned` says whether `close()` destroys the Kysely instance. */
export function createKyselyAdapter(
  db: DynamicKysely,
  options: KyselyAdapterOptions,
  owned: boolean,
): DatabaseAdapter {
  const { dialect, ...adapterOptions } = options;
  return {
    id: `kysely-${dialect}`,
    create({ schema, now: clock }) {
      const models = resolvePhysical(schema, adapterOptions);
      const idColumns = new Map([...models.values()].map((pm) => [pm.table, pm.columns.get("id") ?? "id"]));
      const jsonColumns = jsonColumnsOf(models.values());
      return createDBAdapter(createKyselyDriver(db, { dialect, idColumns, jsonColumns }), schema, {
        ...adapterOptions,
        now: adapterOptions.now ?? clock,
      });
    },
    async plan({ schema }) {
      return toPlan(await planMigration(db, dialect, schema, adapterOptions));
    },
    async migrate({ schema }) {
      const steps = await planMigration(db, dialect, schema, adapterOptions);
      await applyMigration(db, dialect, steps);
      return toPlan(steps);
    },
    async close() {
      if (owned) await db.destroy();
    },
  };
}

/**
 * A database adapter over your Kysely instance. `dialect` says which SQL to speak ("postgres" also
 * for PGlite, "mysql" also for MariaDB). The instance stays yours: `close()` leaves it open.
 * Its plugins are not applied to the adapter's queries (names are mapped by the adapter options,
 * e.g. `casing: "snake"`, not by a CamelCasePlugin).
 *
 * MySQL/MariaDB: create the mysql2 pool with `timezone: "Z"` so that dates are stored and read
 * as UTC whatever the process time zone; keep `dateStrings` off (its default) and the default
 * `FOUND_ROWS` flag (update counts are rows matched, not rows changed).
 */
export function kyselyAdapter<DB>(db: Kysely<DB>, options: KyselyAdapterOptions): DatabaseAdapter {
  return createKyselyAdapter((db as unknown as DynamicKysely).withoutPlugins(), options, false);
}
