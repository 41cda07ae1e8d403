import { describe, expect, it } from "vitest";
import { userMessage, type ModelRequest, type ModelStreamPart } from "@baton/core";
import { scriptedModel } from "./scripted-model.js";

async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

const request = (): ModelRequest => ({ model: "test", messages: [userMessage("hi")] });

describe("scriptedModel: a turn function that returns prepared turn objects", () => {
  it("compiles a turn object once however often the function returns it, and a new object anew", async () => {
    let reads = 0;
    const prepared = {
      get text() {
        reads++;
        return "same answer";
      },
    };
    let fresh = false;
    const model = scriptedModel([() => (fresh ? { text: "new answer" } : prepared)], { repeatLast: true });
    const first = await collect(model.stream(request()));
    const second = await collect(model.stream(request()));
    expect(reads).toBe(1);
    expect(second).toEqual(first);
    expect(first.filter((part) => part.type === "text-delta").map((part) => part.text)).toEqual(["same answer"]);
    fresh = true;
    const third = await collect(model.stream(request()));
    expect(third.filter((part) => part.type === "text-delta").map((part) => part.text)).toEqual(["new answer"]);
  });

  it("gives the tool calls of a reused turn the ids of each call", async () => {
    const turn = { toolCalls: [{ name: "lookup", arguments: { q: "x" } }] };
    const model = scriptedModel([() => turn], { repeatLast: true });
    const ids: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const parts = await collect(model.stream(request()));
      const delta = parts.find((part) => part.type === "tool-call-delta" && part.id !== undefined && part.id !== "");
      ids.push(delta?.type === "tool-call-delta" ? delta.id : undefined);
    }
    expect(ids).toEqual(["call_0_0", "call_1_0", "call_2_0"]);
  });
});
