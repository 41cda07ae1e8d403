import type { Tool } from "@baton/core";
import { fakeTool, scriptedModel, type ScriptedModel } from "@baton/testing";

/**
 * A tool that hands its topic to a `researcher` sub-agent. The sub-agent of the first
 * topic starts later than the second's (`startDelayMs`), so sub-agent numbers (`#1`,
 * `#2`) do not follow the order of the calls.
 */
export function researchTool(startDelayMs: (topic: string) => number = () => 0): Tool<{ topic: string }> {
  return {
    name: "research",
    description: "Researches a topic with a sub-agent.",
    parameters: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] },
    async execute(args, ctx) {
      const delay = startDelayMs(args.topic);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const result = await ctx.runSubAgent({
        name: "researcher",
        input: `Research ${args.topic}`,
        instructions: "You are a researcher.",
        tools: [fakeTool({ name: "web", result: (a: { q: string }) => `page about ${a.q}`, delayMs: 5 })],
      });
      return { findings: result.text };
    },
  };
}

/** One model for the main agent and its researchers: main asks for research on two topics, each researcher searches once then answers. */
export function researchModel(): ScriptedModel {
  return scriptedModel(
    [
      (request) => {
        const system = request.messages[0];
        const last = request.messages.at(-1)!;
        if (!(system?.role === "system" && system.content.startsWith("You are a researcher"))) {
          return last.role === "tool"
            ? { text: "Summary of both topics.", usage: { inputTokens: 30, outputTokens: 5 } }
            : {
                toolCalls: [
                  { id: "call-cats", name: "research", arguments: { topic: "cats" } },
                  { id: "call-dogs", name: "research", arguments: { topic: "dogs" } },
                ],
                usage: { inputTokens: 20, outputTokens: 4 },
              };
        }
        const topic = /Research (\w+)/.exec(JSON.stringify(request.messages))![1]!;
        return last.role === "tool"
          ? { text: `${topic} are great`, usage: { inputTokens: 10, outputTokens: 2 } }
          : { toolCalls: [{ id: `web-${topic}`, name: "web", arguments: { q: topic } }], usage: { inputTokens: 8, outputTokens: 1 } };
      },
    ],
    { repeatLast: true },
  );
}
