import type { Redis } from "ioredis";

/** A limit of run starts per window, shared by every worker of the queue. */
export interface RateLimit {
  /** Runs started per window. */
  readonly max: number;
  /** The window, in ms. */
  readonly durationMs: number;
}

/**
 * Counts run starts per key (a provider and model, say `openai:gpt-4.1`) in fixed
 * windows in Redis, so all workers of a queue respect one API quota. `take` returns 0
 * when the run may start, else the ms until the window ends.
 */
export class RateLimits {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly limits: Readonly<Record<string, RateLimit>>,
  ) {}

  /** Takes one start for `key`: 0 when allowed (or `key` has no limit), else the wait in ms. */
  async take(key: string | undefined, now = Date.now()): Promise<number> {
    if (key === undefined) return 0;
    const limit = this.limits[key];
    if (limit === undefined) return 0;
    const window = Math.floor(now / limit.durationMs);
    const counter = `${this.prefix}:rate:{${key}}:${window}`;
    const replies = await this.client
      .multi()
      .incr(counter)
      .pexpire(counter, limit.durationMs * 2)
      .exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    if (count <= limit.max) return 0;
    return (window + 1) * limit.durationMs - now;
  }
}
