import { describeStorageConformance } from "@baton/testing/storage-conformance";
import { createHarness } from "./support/harness.js";
import { describePostgres } from "./support/postgres.js";

describePostgres("postgres storage", () => describeStorageConformance("postgres", createHarness));
