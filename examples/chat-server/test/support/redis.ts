import { describeWithService, redisUnreachableReason } from "@baton/testing/services";

/** The Redis the queue-mode tests use. */
export const REDIS_URL = process.env.BATON_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const unavailable = await redisUnreachableReason(REDIS_URL);

/** `describe` when Redis answers. Without Redis: under CI (`CI` set) the suite fails loudly; elsewhere it is skipped, with the reason printed. */
export function describeWithRedis(name: string, body: () => void): void {
  describeWithService(name, unavailable, body);
}
