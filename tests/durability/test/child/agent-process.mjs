// A child process of the durability tests: runs (or resumes) one agent run on
// SQLite or PostgreSQL through the built packages. The parent kills it with SIGKILL
// in the middle of a tool batch, then starts another one to resume the run.
//
// Configuration: the JSON in env DURABILITY_CHILD (see `ChildConfig` in
// ../durability-harness.ts). Output: one line `RESULT <json>` on stdout when the
// run (or resume) ends. Every tool execution appends `<pid> <toolName> <toolCallId>`
// to the executions log, before the tool does anything else.
import { appendFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { resume, run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { createSqliteStorage } from "@baton/storage-sqlite";
import { createPostgresStorage } from "@baton/storage-postgres";

const config = JSON.parse(process.env.DURABILITY_CHILD ?? "null");
if (!config) throw new Error("DURABILITY_CHILD is not set");

const MODEL = "durability-model";
const INSTRUCTIONS = "You are the durability test agent.";
const INPUT = "Check alpha, beta and gamma, then delta.";

/** Waits `ms`, or until the signal aborts (the run was aborted or lost its claim). */
async function pause(ms, signal) {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    // Aborted: return at once.
  }
}

/**
 * A tool that logs its execution, optionally reports progress and waits, then returns a
 * value derived from its arguments. A check: running it twice is safe, so a call the
 * killed process left in doubt runs again when the run is resumed.
 */
function tool(name, waitMs) {
  return {
    name,
    effects: "idempotent",
    description: `The ${name} check of the durability test.`,
    parameters: { type: "object", properties: { value: { type: "string" } }, required: ["value"], additionalProperties: false },
    async execute(args, context) {
      appendFileSync(config.execLog, `${process.pid} ${name} ${context.toolCallId}\n`);
      const result = { tool: name, value: args.value, checked: args.value.toUpperCase() };
      if (waitMs === 0) return result;
      await context.reportStep({ group: "checks", stepId: context.toolCallId, title: `Checking ${args.value}`, status: "active", at: Date.now() });
      await pause(waitMs, context.signal);
      await context.reportStep({
        group: "checks",
        stepId: context.toolCallId,
        title: `Checked ${args.value}`,
        status: "done",
        items: [{ kind: "text", text: result.checked }],
        at: Date.now(),
      });
      return result;
    },
  };
}

const tools = [tool("fast", 0), tool("slow_a", config.slowMs), tool("slow_b", config.slowMs)];

/**
 * The model's reply, chosen from the request (how many tool results it holds), not
 * from the call index: a resumed process starts with a fresh model.
 */
function reply(request) {
  const toolMessages = request.messages.filter((message) => message.role === "tool");
  switch (toolMessages.length) {
    case 0:
      return {
        text: "Let me run three checks at once.",
        toolCalls: [
          { id: "call_fast", name: "fast", arguments: { value: "alpha" } },
          { id: "call_slow_a", name: "slow_a", arguments: { value: "beta" } },
          { id: "call_slow_b", name: "slow_b", arguments: { value: "gamma" } },
        ],
        usage: { inputTokens: 100, outputTokens: 11, cachedInputTokens: 0, reasoningTokens: 0 },
      };
    case 1:
      return {
        text: "One more check.",
        toolCalls: [{ id: "call_fast_2", name: "fast", arguments: { value: "delta" } }],
        usage: { inputTokens: 200, outputTokens: 22, cachedInputTokens: 0, reasoningTokens: 0 },
      };
    case 2: {
      // The answer names every result the model saw, in the order it saw them.
      const seen = toolMessages.flatMap((message) =>
        message.content.map((part) => `${part.toolCallId}=${part.result?.checked ?? JSON.stringify(part.result)}`),
      );
      return { text: `All checks done: ${seen.join(", ")}.`, usage: { inputTokens: 300, outputTokens: 33, cachedInputTokens: 0, reasoningTokens: 0 } };
    }
    default:
      return { error: `unexpected model call with ${toolMessages.length} tool messages` };
  }
}

async function openStorage() {
  if (config.storage.kind === "sqlite") return createSqliteStorage({ path: config.storage.path });
  return createPostgresStorage({ connectionString: config.storage.connectionString, schema: config.storage.schema, max: 4 });
}

function agent(storage) {
  return {
    provider: scriptedModel([reply], { repeatLast: true }),
    model: MODEL,
    instructions: INSTRUCTIONS,
    tools,
    storage,
    maxIterations: 10,
    ...(config.leaseMs === undefined ? {} : { claimLeaseMs: config.leaseMs }),
    ...(config.owner === undefined ? {} : { claimOwner: config.owner }),
  };
}

const isHeld = (result) =>
  result.stopReason === "error" && result.error?.code === "RUN_NOT_RESUMABLE" && /holds it/.test(String(result.error.details?.reason ?? ""));

const storage = await openStorage();
let result;
let attempts = 0;
try {
  if (config.startAt !== undefined) await sleep(Math.max(0, config.startAt - Date.now()));
  if (config.mode === "run") {
    attempts = 1;
    result = await run({ ...agent(storage), input: INPUT, runId: config.runId, conversationId: config.conversationId, userId: config.userId });
  } else {
    // "resume" retries while the dead process's lease is live; "resume-once" tries once.
    const deadline = Date.now() + (config.retryForMs ?? 0);
    for (;;) {
      attempts++;
      result = await resume({ ...agent(storage), runId: config.runId });
      if (config.mode !== "resume" || !isHeld(result) || Date.now() > deadline) break;
      await sleep(200);
    }
  }
} finally {
  await storage.close();
}

const { stopReason, error, text, iterations, toolCallCount, persisted } = result;
process.stdout.write(`RESULT ${JSON.stringify({ pid: process.pid, attempts, stopReason, error, text, iterations, toolCallCount, persisted })}\n`);
process.exitCode = stopReason === "completed" ? 0 : 3;
