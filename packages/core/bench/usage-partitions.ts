/**
 * The usage bench's monthly partitioning on PostgreSQL: the DDL of docs/billing/usage.md
 * ("Large event tables") applied to the bench's prefixed events table (foreign keys left out), and retention
 * measured both ways (DELETE on the plain table, DETACH + DROP of a partition).
 */
import type { PgBillingApp } from "./pg-app";

const monthStart = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);

/**
 * Copies the events into `<table>_part` (partitioned by month on timestamp, with the same
 * indexes; the primary key and the externalId key include timestamp, as PostgreSQL requires),
 * then swaps the names: the app reads the partitioned table from here on. The plain table is
 * kept as `<table>_plain` (added to `extra`, dropped by the caller).
 */
export async function partitionByMonth(app: PgBillingApp, extra: string[]) {
  const e = app.physical("billingEvent");
  const t = e.name;
  const q = (text: string) => app.pool.query(text);
  const start = performance.now();
  await q(
    `CREATE TABLE "${t}_part" (LIKE "${t}" INCLUDING DEFAULTS) PARTITION BY RANGE (${e.col("timestamp")})`,
  );
  await q(`ALTER TABLE "${t}_part" ADD PRIMARY KEY (${e.col("id")}, ${e.col("timestamp")})`);
  await q(
    `CREATE INDEX "${t}_part_meter" ON "${t}_part" (${["merchantId", "customerId", "name", "timestamp"].map(e.col).join(", ")})`,
  );
  for (const field of ["merchantId", "customerId"]) await q(`CREATE INDEX ON "${t}_part" (${e.col(field)})`);
  await q(
    `CREATE UNIQUE INDEX "${t}_part_ext" ON "${t}_part" (${["merchantId", "externalId", "timestamp"].map(e.col).join(", ")})`,
  );
  let partitions = 0;
  for (let m = 0; m < 24; m++) {
    const from = monthStart(2025, m);
    const to = monthStart(2025, m + 1);
    await q(
      `CREATE TABLE "${t}_p${from.slice(0, 7).replace("-", "_")}" PARTITION OF "${t}_part" FOR VALUES FROM ('${from}') TO ('${to}')`,
    );
    partitions++;
  }
  await q(`CREATE TABLE "${t}_pdefault" PARTITION OF "${t}_part" DEFAULT`);
  await q(`INSERT INTO "${t}_part" SELECT * FROM "${t}"`);
  await q(`ANALYZE "${t}_part"`);
  await q(`ALTER TABLE "${t}" RENAME TO "${t}_plain"`);
  extra.push(`"${t}_plain"`);
  await q(`ALTER TABLE "${t}_part" RENAME TO "${t}"`);
  return { partitions, seconds: (performance.now() - start) / 1000 };
}

/** January 2025 removed: DELETE on the plain table vs DETACH + DROP of its partition. */
export async function retention(app: PgBillingApp, extra: string[]) {
  const e = app.physical("billingEvent");
  const t = e.name;
  const before = await app.pool.query(`SELECT count(*)::int AS n FROM "${t}"`);
  let start = performance.now();
  const deleted = await app.pool.query(`DELETE FROM "${t}_plain" WHERE ${e.col("timestamp")} < '2025-02-01'`);
  const deleteMs = performance.now() - start;
  start = performance.now();
  await app.pool.query(`ALTER TABLE "${t}" DETACH PARTITION "${t}_p2025_01"`);
  await app.pool.query(`DROP TABLE "${t}_p2025_01"`);
  const dropMs = performance.now() - start;
  const after = await app.pool.query(`SELECT count(*)::int AS n FROM "${t}"`);
  const rows = before.rows[0].n - after.rows[0].n;
  if (rows !== deleted.rowCount || rows === 0) {
    throw new Error(`retention check: dropped ${rows}, deleted ${deleted.rowCount}`);
  }
  if (extra.length === 0) throw new Error("partitionByMonth first");
  return { rows, deleteMs, dropMs };
}
