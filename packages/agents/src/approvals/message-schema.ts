import { z } from "zod";

const textPart = z.strictObject({ type: z.literal("text"), text: z.string() });
const imagePart = z.strictObject({
  type: z.literal("image"),
  mediaType: z.string(),
  data: z.string().optional(),
  url: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
const reasoningPart = z.strictObject({
  type: z.literal("reasoning"),
  text: z.string(),
  id: z.string().optional(),
  signature: z.string().optional(),
  redactedData: z.string().optional(),
});
const toolCallPart = z.strictObject({
  type: z.literal("tool-call"),
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  arguments: z.unknown(),
  rawArguments: z.string().optional(),
});
const toolResultPart = z.strictObject({
  type: z.literal("tool-result"),
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  result: z.unknown(),
  isError: z.boolean().optional(),
});

/** A provider-neutral chat message (`Message` of `@baton/core`) as JSON. */
export const messageSchema = z.discriminatedUnion("role", [
  z.strictObject({ role: z.literal("system"), content: z.string() }),
  z.strictObject({ role: z.literal("user"), content: z.array(z.discriminatedUnion("type", [textPart, imagePart])) }),
  z.strictObject({ role: z.literal("assistant"), content: z.array(z.discriminatedUnion("type", [textPart, reasoningPart, toolCallPart])) }),
  z.strictObject({ role: z.literal("tool"), content: z.array(toolResultPart) }),
]);
