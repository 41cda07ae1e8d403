import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/sdk";
import { runChatAgent } from "./chat-agent.js";
import { createPace } from "./pace.js";
import { SUPERVISOR_OPENING } from "./scripted/supervisor-model.js";
import type { ResearchResult } from "./tools/research-tool.js";

async function runOnce(message: string, signal = new AbortController().signal) {
  const events: StreamEvent[] = [];
  const result = await runChatAgent({ message, signal, sink: { emit: (event) => void events.push(event) }, pace: createPace(0), runId: "run-1" });
  return { result, events };
}

describe("the chat agent (scripted models, real tools)", () => {
  it("thinks, calls research and clock in one batch, and answers from both researchers' findings", async () => {
    const { result, events } = await runOnce("How long does sunlight take to reach Earth?");
    expect(result.stopReason).toBe("completed");
    expect(result.agentPath).toBe("supervisor");
    expect(result.runId).toBe("run-1");
    expect(result.toolCalls.map((call) => [call.iteration, call.toolName, call.status])).toEqual([
      [1, "research", "ok"],
      [1, "clock", "ok"],
    ]);
    const research = result.toolCalls[0]!.result as ResearchResult;
    expect(research.findings.map((finding) => [finding.angle, finding.agentPath, finding.stopReason])).toEqual([
      ["facts", "supervisor/researcher#1", "completed"],
      ["context", "supervisor/researcher#2", "completed"],
    ]);
    expect(research.findings[0]!.answer).toBe(
      "Sunlight takes about 8 minutes and 20 seconds (499 seconds) to reach Earth, which orbits about 149.6 million km from the Sun. (space/light.md)",
    );
    expect(result.text).toBe(
      `Here is what my two researchers found.\n\nFacts: ${research.findings[0]!.answer}\n\nContext: ${research.findings[1]!.answer}\n\n(Server clock: ${(result.toolCalls[1]!.result as { time: string }).time}.)`,
    );
    // 2 supervisor calls + 2 per researcher; every call priced at the illustrative price.
    expect(result.usage.total.calls).toBe(6);
    expect(result.usage.total.costComplete).toBe(true);
    expect(result.usage.total.costUsd).toBeGreaterThan(0);
    const opening = events.filter((event) => event.type === "text-delta" && event.agentPath === "supervisor");
    expect(opening.map((event) => (event.type === "text-delta" ? event.text : "")).join("")).toBe(SUPERVISOR_OPENING + result.text);
    expect(events.some((event) => event.type === "reasoning-delta" && event.agentPath === "supervisor")).toBe(true);
  });

  it("says so when the knowledge base has nothing on the question", async () => {
    const { result } = await runOnce("zebra xylophone");
    expect(result.stopReason).toBe("completed");
    expect(result.text).toContain("Facts: I found nothing about this in the knowledge base");
    expect(result.text).toContain("Context: I found no further context in the knowledge base.");
  });

  it("stops with stop reason aborted when the signal aborts", async () => {
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const running = runChatAgent({
      message: "What happens when I abort a run?",
      signal: controller.signal,
      pace: createPace(1),
      sink: {
        emit: (event) => {
          events.push(event);
          if (event.type === "tool-start" && event.toolName === "search") controller.abort();
        },
      },
    });
    const result = await running;
    expect(result.stopReason).toBe("aborted");
    expect(events.at(-1)).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason: "aborted" });
  });
});
