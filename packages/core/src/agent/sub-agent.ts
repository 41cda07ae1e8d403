import type { Message } from "../messages/index.js";
import type { ModelProvider } from "../model/index.js";
import type { Tool, ToolRegistry } from "../tools/index.js";
import type { AgentConfig } from "./agent-config.js";

/** What a tool asks for when it starts a nested agent run. */
export interface SubAgentRequest {
  /** Name in the agent path: `main/researcher#2` for the second `researcher`. */
  readonly name: string;
  /** The task: a user message text, or full messages. */
  readonly input: string | readonly Message[];
  /** System prompt of the sub-agent. */
  readonly instructions?: string;
  /** Its tools; none when absent. */
  readonly tools?: ToolRegistry | readonly Tool[];
  /** Its hooks; the ordinary agent when absent. */
  readonly config?: AgentConfig;
  /** Model id; the parent's when absent. */
  readonly model?: string;
  /** Provider; the parent's when absent. */
  readonly provider?: ModelProvider;
  readonly maxIterations?: number;
  readonly toolCallLimit?: number;
}
