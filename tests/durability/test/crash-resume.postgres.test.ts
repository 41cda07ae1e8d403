/**
 * The crash test on PostgreSQL (127.0.0.1:5432, or BATON_TEST_POSTGRES_URL), in a
 * schema of its own that is dropped afterwards: see crash-suite.ts. Without a
 * reachable server it fails when CI is set, and is skipped with a warning otherwise.
 */
import { describe, it } from "vitest";
import { openPostgresBackend, POSTGRES_URL, probePostgres } from "./durability-harness.js";
import { crashSuite } from "./crash-suite.js";

const postgres = await probePostgres();
const where = POSTGRES_URL.replace(/\/\/[^@/]*@/, "//");

if (postgres.ok) {
  crashSuite("PostgreSQL", openPostgresBackend);
} else if (process.env.CI) {
  describe("crash and resume on PostgreSQL", () => {
    it("needs PostgreSQL when CI is set", () => {
      throw new Error(`PostgreSQL is unreachable (${postgres.reason} at ${where}); the PostgreSQL crash test is required in CI.`);
    });
  });
} else {
  console.warn(`[durability] Skipping the PostgreSQL crash tests: PostgreSQL is unreachable at ${where} (${postgres.reason}). Set CI to make this a failure.`);
  describe.skip("crash and resume on PostgreSQL (PostgreSQL unreachable)", () => {
    it("is skipped", () => undefined);
  });
}
