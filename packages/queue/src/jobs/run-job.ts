import { z } from "zod";

/** A JSON value, as job data must be. */
const json: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]));

const contentPart = z.object({ type: z.string() }).loose();
const message = z.object({ role: z.enum(["system", "user", "assistant", "tool"]), content: z.array(contentPart) }).loose();
/** A decision on what a paused run waits for: an approval, an answer, or a decision on a call in doubt. */
const decision = z.union([
  z.object({ approve: z.literal(true) }).loose(),
  z.object({ approve: z.literal(false), reason: z.string().optional() }).loose(),
  z.object({ answer: json }).loose(),
  z.object({ runAgain: z.literal(true) }).strict(),
  z.object({ result: json }).strict(),
  z.object({ fail: z.string() }).strict(),
]);

/** The data of a run job: a new run, or a run to resume (after a pause, with decisions). */
export const runJobSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("run"),
      agent: z.string().min(1),
      runId: z.string().min(1),
      input: z.union([z.string(), z.array(message)]),
      conversationId: z.string().min(1).optional(),
      userId: z.string().min(1).optional(),
      context: z.record(z.string(), json).optional(),
      rateLimitKey: z.string().min(1).optional(),
      trace: z.record(z.string(), z.string()).optional(),
      /** Attempts already ended by a retryable model error (set by the worker when it retries the run). */
      outageRetries: z.number().int().nonnegative().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("resume"),
      agent: z.string().min(1),
      runId: z.string().min(1),
      decisions: z.record(z.string(), decision).optional(),
      context: z.record(z.string(), json).optional(),
      rateLimitKey: z.string().min(1).optional(),
      trace: z.record(z.string(), z.string()).optional(),
      /** Attempts already ended by a retryable model error (set by the worker when it retries the run). */
      outageRetries: z.number().int().nonnegative().optional(),
    })
    .strict(),
]);

/** A run job's data, validated. */
export type RunJobData = z.infer<typeof runJobSchema>;

/** What a run job returns when it completes: the run's end, small enough for Redis. */
export interface RunJobOutcome {
  readonly runId: string;
  readonly stopReason: string;
  readonly text: string;
  readonly iterations: number;
  readonly toolCallCount: number;
  readonly error?: {
    readonly code: string;
    readonly message: string;
    /** How long the provider asked to wait before trying again, in ms (a rate limit's `retry-after`). */
    readonly retryAfterMs?: number;
  };
  /** Whether the run continued from a checkpoint left by an earlier attempt (a worker that died, a retry). */
  readonly resumed: boolean;
  /**
   * Set when the attempt ended but the run is to be tried again later: a retryable
   * model error (a provider outage) left it resumable (see `outageRetry` of
   * `createRunWorker`), or its storage was unavailable past the run's storage wait
   * (`STORAGE_UNAVAILABLE`: resumed once storage answers, or run again under its id
   * when no checkpoint of it was stored yet). A completed job's value never has it.
   */
  readonly resumable?: true;
}

/**
 * Validates job data: a {@link RunJobData}, or a readable problem list.
 */
export function parseRunJob(data: unknown): { ok: true; data: RunJobData } | { ok: false; problem: string } {
  const parsed = runJobSchema.safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data as RunJobData };
  const problem = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(data)"}: ${issue.message}`).join("; ");
  return { ok: false, problem };
}
