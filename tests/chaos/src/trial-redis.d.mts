import type { PrivateRedis } from "@baton/testing";

/** Starts the trial's redis-server: the server, its password and its URL (with the password). */
export declare function startTrialRedis(): Promise<{ readonly server: PrivateRedis; readonly secret: string; readonly url: string }>;
