import { spawnSync } from "node:child_process";
import { postgresUnreachableReason } from "../src/postgres-service.mjs";

/** Why a private redis-server cannot be started here (the binary is missing), or undefined. */
export function redisServerMissingReason(): string | undefined {
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  return found.status === 0 ? undefined : "redis-server is not installed (the trials start private ones: apt-get install redis-server)";
}

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export const postgresUnavailable = await postgresUnreachableReason();
