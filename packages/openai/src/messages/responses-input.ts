import { toolCallArgumentsText, toolResultText, type AssistantMessage, type Message, type ReasoningPart, type UserMessage } from "@baton/core";
import { providerCallId } from "@baton/core/provider-kit";
import type { ResponseInputContent, ResponseInputItem } from "openai/resources/responses/responses";
import { imageUrl } from "./image-url.js";

/** How {@link toResponsesInput} writes reasoning and custom tools. */
export interface ResponsesInputOptions {
  /** Whether OpenAI stores responses: stored reasoning can be referred to by id alone. */
  readonly store: boolean;
  /** Names of the tools sent as custom (free-form) tools. */
  readonly customTools: ReadonlySet<string>;
}

/** A Responses API request's `instructions` and `input`. */
export interface ResponsesInput {
  readonly instructions: string | undefined;
  readonly input: ResponseInputItem[];
}

/**
 * Baton messages as Responses API input. The leading system messages become
 * `instructions`; later ones stay in place as `developer` messages. User messages
 * become `input_text` / `input_image` parts. An assistant message becomes its items
 * in order: reasoning (`encrypted_content` from `redactedData`, with the item id and
 * its summary), text as an assistant message, `function_call` (or `custom_tool_call`)
 * items. Tool results become `function_call_output` (or `custom_tool_call_output`)
 * items. Calls and results carry the provider's own call id ({@link providerCallId}).
 * Reasoning OpenAI cannot take back (no encrypted content, and not stored) is left
 * out.
 */
export function toResponsesInput(messages: readonly Message[], options: ResponsesInputOptions): ResponsesInput {
  const instructions: string[] = [];
  const input: ResponseInputItem[] = [];
  let leading = true;
  for (const message of messages) {
    if (message.role === "system") {
      if (leading) instructions.push(message.content);
      else input.push({ role: "developer", content: message.content });
      continue;
    }
    leading = false;
    if (message.role === "user") input.push({ role: "user", content: userContent(message) });
    else if (message.role === "assistant") assistantItems(message, options, input);
    else {
      for (const part of message.content) {
        const output = toolResultText(part);
        input.push(
          options.customTools.has(part.toolName)
            ? { type: "custom_tool_call_output", call_id: providerCallId(part), output }
            : { type: "function_call_output", call_id: providerCallId(part), output },
        );
      }
    }
  }
  return { instructions: instructions.length > 0 ? instructions.join("\n\n") : undefined, input };
}

function userContent(message: UserMessage): ResponseInputContent[] {
  return message.content.map(
    (part): ResponseInputContent =>
      part.type === "text" ? { type: "input_text", text: part.text } : { type: "input_image", image_url: imageUrl(part), detail: "auto" },
  );
}

function assistantItems(message: AssistantMessage, options: ResponsesInputOptions, input: ResponseInputItem[]): void {
  let text = "";
  const flushText = (): void => {
    if (text.length > 0) input.push({ role: "assistant", content: text });
    text = "";
  };
  for (const part of message.content) {
    if (part.type === "text") {
      text += part.text;
      continue;
    }
    flushText();
    if (part.type === "reasoning") {
      const item = reasoningItem(part, options.store);
      if (item) input.push(item);
    } else if (options.customTools.has(part.toolName)) {
      input.push({ type: "custom_tool_call", call_id: providerCallId(part), name: part.toolName, input: customToolInput(part.arguments, part.rawArguments) });
    } else {
      input.push({ type: "function_call", call_id: providerCallId(part), name: part.toolName, arguments: toolCallArgumentsText(part) });
    }
  }
  flushText();
}

function reasoningItem(part: ReasoningPart, store: boolean): ResponseInputItem | undefined {
  if (part.id === undefined) return undefined;
  if (part.redactedData === undefined && !store) return undefined;
  return {
    type: "reasoning",
    id: part.id,
    summary: part.text.length > 0 ? [{ type: "summary_text", text: part.text }] : [],
    ...(part.redactedData === undefined ? {} : { encrypted_content: part.redactedData }),
  };
}

/** A custom tool's free-form input, from the `{ "input": "…" }` arguments Baton saw. */
function customToolInput(args: unknown, raw: string | undefined): string {
  if (typeof args === "object" && args !== null && typeof (args as { input?: unknown }).input === "string") return (args as { input: string }).input;
  return raw ?? (typeof args === "string" ? args : JSON.stringify(args ?? ""));
}
