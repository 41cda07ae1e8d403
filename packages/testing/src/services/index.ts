/**
 * `@baton/testing/services`: suites that need local services (Redis, PostgreSQL)
 * run when they answer, fail loudly under CI when they do not, and skip elsewhere.
 * @packageDocumentation
 */
export { redisUnreachableReason, describeWithPrivateRedis, describeWithService, usePrivateRedis } from "./local-services.js";
