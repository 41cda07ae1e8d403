import { describe, expect, it } from "vitest";
import { latestSchemaVersion, schemaStatusOf, type Migration } from "./schema-migrations.js";

const MIGRATIONS: readonly Migration[] = [
  { version: 2, name: "second", sql: "" },
  { version: 1, name: "first", sql: "" },
];

describe("schema migrations", () => {
  it("the schema version is the newest migration's", () => {
    expect([latestSchemaVersion(MIGRATIONS), latestSchemaVersion([])]).toEqual([2, 0]);
  });

  it("compares what a database recorded with the known migrations", () => {
    expect(schemaStatusOf([], MIGRATIONS)).toEqual({ applied: [], pending: [MIGRATIONS[1], MIGRATIONS[0]], newer: [], current: false });
    const applied = [
      { version: 1, name: "first", appliedAt: 10 },
      { version: 2, name: "second", appliedAt: 20 },
    ];
    expect(schemaStatusOf(applied, MIGRATIONS)).toEqual({ applied, pending: [], newer: [], current: true });
    const fromTheFuture = [...applied, { version: 3, name: "third", appliedAt: 30 }];
    expect(schemaStatusOf(fromTheFuture, MIGRATIONS)).toMatchObject({ pending: [], newer: [3], current: false });
  });
});
