// A child process of the crash trials: runs a trial's runs in process, on SQLite or
// Redis storage, until the parent kills it with SIGKILL mid-batch. Configuration: the
// JSON in env CHAOS_CHILD ({ storage, runs: [{ runId, conversationId, plan }],
// effectsPath, runOptions }). Prints `READY` once its storage is open, then one line
// `RESULT <json>` per run that ends before the kill.
import { run } from "@baton/loop";
import { chaosModel, chaosTools, planInput } from "../chaos-agent.mjs";
import { openChildStorage } from "../child-storage.mjs";

const config = JSON.parse(process.env.CHAOS_CHILD ?? "null");
if (!config) throw new Error("CHAOS_CHILD is not set");

const storage = await openChildStorage(config.storage);
const tools = chaosTools(config.effectsPath);
process.stdout.write("READY\n");
await Promise.all(
  config.runs.map(async (planned) => {
    const result = await run({
      provider: chaosModel(),
      model: "chaos-model",
      tools,
      storage,
      retryableErrorEnds: "attempt",
      ...config.runOptions,
      input: planInput(planned.plan),
      runId: planned.runId,
      conversationId: planned.conversationId,
    });
    const { stopReason, text, persisted, resumable, error, interruptions } = result;
    process.stdout.write(`RESULT ${JSON.stringify({ runId: planned.runId, result: { stopReason, text, persisted, resumable, error, interruptions } })}\n`);
  }),
);
await storage.close();
