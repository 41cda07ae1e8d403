/**
 * Runs on Redis storage in a private redis-server per trial (password, append-only file
 * synced on every write): killed with `kill -9` and restarted with its data, or paused
 * with SIGSTOP for longer than a lease and resumed.
 */
import { describeTrials } from "./chaos-suite.js";
import { redisServerMissingReason } from "./services.js";

describeTrials("redis-server", { trials: 30, concurrent: true, unavailable: redisServerMissingReason() });
