import { describeStorageConformance } from "@baton/testing/storage-conformance";
import { createHarness, describeWithRedis } from "./support/redis.js";

describeWithRedis("redis", () => describeStorageConformance("redis", createHarness));
