import { describeStorageConformance } from "@baton/testing/storage-conformance";
import { createHarness } from "./support/harness.js";

describeStorageConformance("sqlite", createHarness);
