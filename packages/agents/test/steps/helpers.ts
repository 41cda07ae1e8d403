import type { Message, ModelRequest } from "@baton/core";
import { fakeTool, type FakeTool } from "@baton/testing";

/** The names of the tools a model request offered (empty when none were sent). */
export function offered(request: ModelRequest | undefined): string[] {
  return (request?.tools ?? []).map((tool) => tool.name);
}

/** The tool results the request's last tool message carries, as `name: result`. */
export function lastToolResults(request: ModelRequest | undefined): string[] {
  const messages: readonly Message[] = request?.messages ?? [];
  const last = [...messages].reverse().find((message) => message.role === "tool");
  if (last?.role !== "tool") return [];
  return last.content.map((part) => `${part.toolName}: ${typeof part.result === "string" ? part.result : JSON.stringify(part.result)}`);
}

/** Fake tools named as given, each answering `<name> ok`. */
export function tools(...names: string[]): FakeTool[] {
  return names.map((name) => fakeTool({ name, result: `${name} ok` }));
}

/** A scripted turn that calls the given tools (in one batch). */
export function calls(...names: string[]): { toolCalls: { name: string; arguments: object }[] } {
  return { toolCalls: names.map((name) => ({ name, arguments: {} })) };
}
