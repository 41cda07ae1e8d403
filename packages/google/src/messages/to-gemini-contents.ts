import type { Message } from "@baton/core";
import type { GeminiContent, GeminiPart } from "../sdk-types.js";
import { toGeminiImagePart } from "./image-part.js";
import { toModelParts } from "./model-parts.js";
import { toFunctionResponsePart } from "./tool-result-part.js";

/** A conversation in Gemini's shape. */
export interface GeminiConversation {
  /** Every system message's text, in order, as the parts of `systemInstruction`. */
  readonly systemInstruction?: GeminiContent;
  /** Alternating `user` / `model` turns. */
  readonly contents: GeminiContent[];
}

/**
 * Baton messages → Gemini's `systemInstruction` and `contents`. System messages,
 * wherever they stand, go to `systemInstruction` (Gemini has no system turn);
 * assistant messages become `model` turns; user messages and tool results become
 * `user` turns (results as `functionResponse` parts). Consecutive turns of one role
 * are merged, so a tool message followed by a user message is a single `user` turn,
 * and turns with no parts are left out.
 *
 * @example toGeminiContents([systemMessage("Be brief."), userMessage("Hi")])
 * // { systemInstruction: { parts: [{ text: "Be brief." }] }, contents: [{ role: "user", parts: [{ text: "Hi" }] }] }
 */
export function toGeminiContents(messages: readonly Message[]): GeminiConversation {
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const append = (role: "user" | "model", parts: GeminiPart[]): void => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last?.role === role) last.parts!.push(...parts);
    else contents.push({ role, parts });
  };

  for (const message of messages) {
    switch (message.role) {
      case "system":
        if (message.content.length > 0) system.push({ text: message.content });
        break;
      case "user":
        append(
          "user",
          message.content.flatMap((part): GeminiPart[] =>
            part.type === "text" ? (part.text.length > 0 ? [{ text: part.text }] : []) : [toGeminiImagePart(part)],
          ),
        );
        break;
      case "assistant":
        append("model", toModelParts(message));
        break;
      case "tool":
        append("user", message.content.map(toFunctionResponsePart));
        break;
    }
  }
  return system.length > 0 ? { systemInstruction: { parts: system }, contents } : { contents };
}
