/**
 * Attribute names the spans carry. The `gen_ai.*` names are those of the OpenTelemetry
 * GenAI semantic conventions (development status: the incubating entry point of
 * `@opentelemetry/semantic-conventions`), `error.type` is the stable general one, and
 * `baton.*` names what the conventions have no name for.
 */
export const GEN_AI_ATTRIBUTES = {
  OPERATION_NAME: "gen_ai.operation.name",
  PROVIDER_NAME: "gen_ai.provider.name",
  AGENT_NAME: "gen_ai.agent.name",
  AGENT_ID: "gen_ai.agent.id",
  CONVERSATION_ID: "gen_ai.conversation.id",
  REQUEST_MODEL: "gen_ai.request.model",
  RESPONSE_MODEL: "gen_ai.response.model",
  RESPONSE_FINISH_REASONS: "gen_ai.response.finish_reasons",
  USAGE_INPUT_TOKENS: "gen_ai.usage.input_tokens",
  USAGE_OUTPUT_TOKENS: "gen_ai.usage.output_tokens",
  USAGE_CACHE_READ_INPUT_TOKENS: "gen_ai.usage.cache_read.input_tokens",
  USAGE_REASONING_OUTPUT_TOKENS: "gen_ai.usage.reasoning.output_tokens",
  OUTPUT_MESSAGES: "gen_ai.output.messages",
  TOOL_NAME: "gen_ai.tool.name",
  TOOL_TYPE: "gen_ai.tool.type",
  TOOL_CALL_ID: "gen_ai.tool.call.id",
  TOOL_CALL_ARGUMENTS: "gen_ai.tool.call.arguments",
  TOOL_CALL_RESULT: "gen_ai.tool.call.result",
  ERROR_TYPE: "error.type",
} as const;

/** The values of `gen_ai.operation.name` Baton's spans use. */
export const GEN_AI_OPERATIONS = {
  INVOKE_AGENT: "invoke_agent",
  CHAT: "chat",
  EXECUTE_TOOL: "execute_tool",
} as const;

/** Baton's own attributes, for what the GenAI conventions do not name. */
export const BATON_ATTRIBUTES = {
  /** The run id, shared by every agent of the run tree. */
  RUN_ID: "baton.run.id",
  /** `main`, `main/researcher#1`, …: which agent of the run. */
  AGENT_PATH: "baton.agent.path",
  /** The agent path of the agent that started this one (sub-agents). */
  PARENT_AGENT_PATH: "baton.agent.parent_path",
  /** Why the agent's run stopped (`completed`, `aborted`, `error`, `interrupted`, …). */
  STOP_REASON: "baton.run.stop_reason",
  /** Model calls the agent made. */
  ITERATIONS: "baton.run.iterations",
  /** Tool calls of the agent and its sub-agents. */
  TOOL_CALL_COUNT: "baton.run.tool_call_count",
  /** The agent's token totals, its sub-agents' included (kept apart from `gen_ai.usage.*`, which only model calls carry, so that sums over spans do not count twice). */
  RUN_INPUT_TOKENS: "baton.run.usage.input_tokens",
  RUN_OUTPUT_TOKENS: "baton.run.usage.output_tokens",
  /** The agent's cost in US dollars, its sub-agents' included, when known. */
  RUN_COST: "baton.run.usage.cost",
  /** The model call's cost in US dollars, when the model's prices are known. */
  USAGE_COST: "baton.usage.cost",
  /** The model call's iteration (1-based) in its agent's loop. */
  ITERATION: "baton.step.iteration",
  /** The tool call's outcome: `ok`, `error`, `timeout`, `invalid`, `not_enabled`, `aborted`, `refused` or `interrupted`. */
  TOOL_STATUS: "baton.tool.status",
  /** For an interrupted tool call: `approval` or `question`. */
  TOOL_INTERRUPT_KIND: "baton.tool.interrupt_kind",
  /** Set on spans that the abort of their run ended. */
  ABORTED: "baton.aborted",
  /** Set on spans that ended because their agent (or run) ended before they did. */
  UNFINISHED: "baton.span.unfinished",
} as const;

/** Names of the span events the spans may carry. */
export const BATON_SPAN_EVENTS = {
  /** A tool's progress message (content: recorded only with `captureContent`, under the data policy). */
  TOOL_PROGRESS: "baton.tool.progress",
  /** Usage that belongs to no model call of the agent (a tool's own model calls, a summarizer's). */
  USAGE: "baton.usage",
  /** An error the run reported and went on from. */
  ERROR: "baton.error",
  /** The context engine trimmed the conversation. */
  CONTEXT_TRIMMED: "baton.context.trimmed",
} as const;
