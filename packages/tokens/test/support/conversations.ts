import type { ContextEngineInput, Message } from "@baton/core";

/** A small deterministic random number generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "the agent reads the file and finds the answer in the second section while the tool returns rows of data about weather cities prices".split(" ");

function text(rand: () => number, min: number, max: number): string {
  const length = min + Math.floor(rand() * (max - min));
  let out = "";
  while (out.length < length) out += `${WORDS[Math.floor(rand() * WORDS.length)]} `;
  return out.slice(0, length);
}

/**
 * A conversation: a system prompt, a first user message, then turns of user text,
 * assistant text or tool calls (one to three) with their results, some errors.
 */
export function conversation(seed: number, turns: number): Message[] {
  const rand = random(seed);
  const messages: Message[] = [
    { role: "system", content: "You are a careful assistant." },
    { role: "user", content: [{ type: "text", text: `Task ${seed}: ${text(rand, 50, 200)}` }] },
  ];
  let call = 0;
  for (let t = 0; t < turns; t++) {
    if (rand() < 0.5) {
      const calls = 1 + Math.floor(rand() * 3);
      const ids = Array.from({ length: calls }, () => `c${seed}_${call++}`);
      messages.push({
        role: "assistant",
        content: [
          { type: "text", text: text(rand, 20, 200) },
          ...ids.map((id) => ({ type: "tool-call" as const, toolCallId: id, toolName: "search", arguments: { q: text(rand, 5, 30) } })),
        ],
      });
      messages.push({
        role: "tool",
        content: ids.map((id) => ({
          type: "tool-result" as const,
          toolCallId: id,
          toolName: "search",
          result: text(rand, 100, 1500),
          ...(rand() < 0.1 ? { isError: true } : {}),
        })),
      });
    } else {
      messages.push({ role: "assistant", content: [{ type: "text", text: text(rand, 200, 800) }] });
      if (t < turns - 1) messages.push({ role: "user", content: [{ type: "text", text: text(rand, 20, 300) }] });
    }
  }
  return messages;
}

/** A context engine input over `messages`, with `inLoop` split off the end. */
export function inputOf(messages: readonly Message[], contextLimit: number, inLoopCount = 0, reservedOutputTokens = 0): ContextEngineInput {
  const split = messages.length - inLoopCount;
  return {
    messages: messages.slice(0, split),
    inLoop: messages.slice(split),
    contextLimit,
    reservedOutputTokens,
    model: "test-model",
    agentPath: "main",
    signal: new AbortController().signal,
    response: { text: "", usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 }, toolCalls: [], toolResults: [] },
  };
}

/** The request a prepared output produces. */
export function requestOf(input: ContextEngineInput, output: { readonly messages?: readonly Message[]; readonly inLoop: readonly Message[] }): Message[] {
  return [...(output.messages ?? input.messages), ...output.inLoop];
}

/** Problems with tool-call pairing: calls without results and results without calls, by id. */
export function pairingProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === "assistant") {
      const calls = message.content.filter((p) => p.type === "tool-call").map((p) => p.toolCallId);
      if (calls.length === 0) continue;
      const results = new Set<string>();
      for (let k = i + 1; k < messages.length && messages[k]!.role === "tool"; k++)
        for (const part of (messages[k] as Extract<Message, { role: "tool" }>).content) results.add(part.toolCallId);
      for (const id of calls) if (!results.has(id)) problems.push(`call ${id} without result`);
    }
    if (message.role === "tool") {
      let k = i - 1;
      while (k >= 0 && messages[k]!.role === "tool") k--;
      const owner = messages[k];
      const calls = new Set(owner?.role === "assistant" ? owner.content.filter((p) => p.type === "tool-call").map((p) => p.toolCallId) : []);
      for (const part of message.content) if (!calls.has(part.toolCallId)) problems.push(`result ${part.toolCallId} without call`);
    }
  }
  return problems;
}

/** Places where user-side (user, tool) and assistant turns do not alternate. */
export function alternationProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  let previous: "user" | "assistant" | undefined;
  for (let i = 0; i < messages.length; i++) {
    const role = messages[i]!.role;
    if (role === "system") continue;
    const side = role === "assistant" ? "assistant" : "user";
    if (side === previous && !(role === "tool" && messages[i - 1]?.role === "tool")) problems.push(`${side} twice at ${i}`);
    if (previous === undefined && side !== "user") problems.push(`starts with ${side}`);
    previous = side;
  }
  return problems;
}
