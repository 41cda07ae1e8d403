export type { TextPart, ImagePart, ReasoningPart, ToolCallPart, ToolResultPart, ContentPart } from "./content-part.js";
export type { SystemMessage, UserMessage, AssistantMessage, ToolMessage, Message, MessageRole } from "./message.js";
export { userMessage, systemMessage, messageText, toolCallsOf } from "./message.js";
export { toolResultValueText, toolResultText, toolCallArgumentsText } from "./tool-text.js";
