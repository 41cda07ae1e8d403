import { describeWithService, redisUnreachableReason } from "@baton/testing/services";

/** The Redis the tests use. */
export const REDIS_URL = process.env.BATON_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const unavailable = await redisUnreachableReason(REDIS_URL);

/** `describe` when Redis answers; under CI a missing Redis fails loudly, elsewhere the suite is skipped with the reason. */
export function describeWithRedis(name: string, body: () => void): void {
  describeWithService(name, unavailable, body);
}
