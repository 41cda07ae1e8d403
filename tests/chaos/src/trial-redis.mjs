// The private redis-server of one trial: `startPrivateRedis` of @baton/testing, durable
// (an append-only file synced on every write, so a `kill -9` and a restart keep every
// acknowledged write) and with a password of its own, which the checker looks for in
// every output of the trial.
import { randomBytes } from "node:crypto";
import { startPrivateRedis } from "@baton/testing";

/** Starts the trial's redis-server: the server, its password and its URL (with the password). */
export async function startTrialRedis() {
  const secret = `chaos-redis-${randomBytes(9).toString("hex")}`;
  const server = await startPrivateRedis({ password: secret, durable: true });
  return { server, secret, url: server.url() };
}
