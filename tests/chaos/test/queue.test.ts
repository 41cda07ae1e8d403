/**
 * Runs on the queue: two worker processes on a private Redis (queue and storage),
 * followed over SSE by clients on two API nodes that disconnect and reconnect with
 * Last-Event-ID; a worker is killed with SIGKILL, the Redis killed and restarted, or
 * paused longer than the job lock.
 */
import { describeTrials } from "./chaos-suite.js";
import { redisServerMissingReason } from "./services.js";

describeTrials("queue", { trials: 6, unavailable: redisServerMissingReason() });
