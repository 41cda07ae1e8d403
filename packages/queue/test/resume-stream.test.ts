import type { AgentConfig, StreamEvent, Tool } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { expect, it } from "vitest";
import { useQueueHarness } from "./support/harness.js";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis } from "./support/redis.js";

/** Every `send_mail` call waits for a person's approval. */
const approveMail: AgentConfig = {
  beforeToolCalls: ({ calls }) => ({ decisions: Object.fromEntries(calls.map((planned) => [planned.call.toolCallId, { type: "interrupt" as const }])) }),
};

describeWithRedis("a resumed run's event stream", () => {
  const harness = useQueueHarness();
  const sent: string[] = [];
  const sendMail: Tool = {
    name: "send_mail",
    description: "Sends a mail.",
    parameters: { type: "object", properties: { to: { type: "string" } }, required: ["to"] },
    execute: (args) => {
      sent.push((args as { to: string }).to);
      return "sent";
    },
  } as Tool;
  const mailer = () =>
    loopAgent({
      provider: scriptedModel(
        [
          (request) =>
            request.messages.some((m) => m.role === "tool") ? "Mail sent." : { toolCalls: [{ id: "m1", name: "send_mail", arguments: { to: "ada" } }] },
        ],
        { repeatLast: true },
      ),
      tools: [sendMail],
      config: approveMail,
      storage: harness.storage,
    });

  it("is open again once the resume is queued: a client following it before any worker takes the job gets the continuation, in order, to its run-end", async () => {
    const first = harness.startWorker({ agents: { mailer: mailer() } });
    const { runId } = await harness.queue.submit({ agent: "mailer", input: "Mail Ada." });
    expect((await harness.finished(runId)).stopReason).toBe("interrupted");
    const paused = await harness.readAll(runId);
    expect(paused.at(-1)).toMatchObject({ type: "run-end", stopReason: "interrupted" });
    // No worker serves the queue now: the resume job waits.
    await first.close({ timeoutMs: 5_000 });

    const { jobId } = await harness.queue.resume({ agent: "mailer", runId, decisions: { m1: { approve: true } } });
    expect(await harness.queue.events.head(runId)).toMatchObject({ ended: false, lastSeq: paused.length });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 25_000);
    const followed: StreamEvent[] = [];
    const following = (async () => {
      for await (const batch of harness.queue.events.read(runId, paused.length, controller.signal)) followed.push(...batch);
    })();

    harness.startWorker({ agents: { mailer: mailer() } });
    expect(await harness.finished(jobId)).toMatchObject({ stopReason: "completed", text: "Mail sent.", resumed: true });
    await following;
    clearTimeout(timer);
    expect(controller.signal.aborted).toBe(false);
    expect(sent).toEqual(["ada"]);
    expect(followed.map((event) => event.seq)).toEqual(followed.map((_, i) => paused.length + i + 1));
    const root = paused[0]!.agentPath;
    expect(followed.filter((event) => event.type === "run-end" && event.agentPath === root)).toHaveLength(1);
    expect(followed.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed" });
  });
});
