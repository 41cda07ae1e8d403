import { optionIs as is, type OptionRule, type OptionRules } from "@baton/core";
import { runOptionRules } from "@baton/loop";
import { AGENT_RUN_OPTION_KEYS, type AgentRunOptions } from "./agent-run-options.js";
import type { AgentContinueOptions, AgentResumeOptions } from "./agent-resume-options.js";
import type { CreateAgentOptions } from "./create-agent-options.js";

const {
  input: _input,
  resume: _resume,
  decisions,
  signal: _signal,
  runId: _runId,
  onEvent: _onEvent,
  conversationId: _conversationId,
  context: _context,
  agentName: _agentName,
  ...defaults
} = runOptionRules;

/**
 * Every key of {@link CreateAgentOptions}: the loop's run options an agent fixes
 * (their rules are `runOptionRules` of `@baton/loop`), its `name` and its tool access.
 */
export const CREATE_AGENT_RULES = {
  name: is.string,
  ...defaults,
  toolPreset: is.oneOf("readonly", "readwrite", "full"),
  allowedTools: is.stringArray,
  disallowedTools: is.stringArray,
} satisfies Record<keyof CreateAgentOptions, OptionRule> satisfies OptionRules;

/** Every key of {@link AgentRunOptions} (`agent.run()` and `agent.stream()`). */
export const AGENT_RUN_RULES = Object.fromEntries(AGENT_RUN_OPTION_KEYS.map((key) => [key, runOptionRules[key]])) as Record<keyof AgentRunOptions, OptionRule>;

const { runId: _r, conversationId: _c, userId: _u, ...continueRules } = AGENT_RUN_RULES;

/** Every key of {@link AgentContinueOptions} (`agent.continue()` and `agent.continueStream()`). */
export const AGENT_CONTINUE_RULES = continueRules satisfies Record<keyof AgentContinueOptions, OptionRule>;

/** Every key of {@link AgentResumeOptions} (`agent.resume()`). */
export const AGENT_RESUME_RULES = { ...continueRules, decisions } satisfies Record<keyof AgentResumeOptions, OptionRule>;
