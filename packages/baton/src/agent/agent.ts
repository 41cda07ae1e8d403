import type { InterruptDecisions, Message, RunResult, RunState, ToolRegistry } from "@baton/core";
import type { RunStream } from "@baton/loop";
import type { AgentRunOptions } from "./agent-run-options.js";
import type { AgentContinueOptions, AgentResumeOptions } from "./agent-resume-options.js";

/**
 * An agent made by `createAgent`: a provider, a model, instructions, tools and limits
 * fixed once, run as often as needed (also concurrently: each run gets its own copy
 * of the tool registry, so a hook that changes a run's registry does not change the
 * agent's).
 */
export interface Agent {
  /** The agent's name, the root of its runs' agent paths. */
  readonly name: string;
  /**
   * The agent's tools. Registering or removing tools here changes the runs started
   * afterwards; runs already going keep the tools they started with.
   */
  readonly tools: ToolRegistry;
  /**
   * Runs the agent to the end and returns the result. Like the loop's `run()`, it
   * rejects only for invalid options; provider errors and aborts are reported in
   * `result.stopReason`.
   *
   * @example
   * const result = await agent.run("How many moons does Mars have?");
   * console.log(result.text, result.usage.total);
   */
  run(input: string | readonly Message[], options?: AgentRunOptions): Promise<RunResult>;
  /**
   * Runs the agent and yields its events in order; `result` resolves when the run ends.
   *
   * @example
   * const running = agent.stream("Hi");
   * for await (const event of running) if (event.type === "text-delta") process.stdout.write(event.text);
   * const result = await running.result;
   */
  stream(input: string | readonly Message[], options?: AgentRunOptions): RunStream;
  /**
   * Continues a run of this agent from its state: `result.state` of a run that paused
   * (stop reason `interrupted`), or its JSON, in this process or any other, with the
   * answers to what it waits for (`result.interruptions`) by interruption id. The state
   * holds the run's id, conversation and user. With the agent's `storage`, the run is
   * claimed there first. Rejects like `run()` for invalid options, and with
   * `INVALID_DECISIONS` when the decisions do not match what the run waits for.
   *
   * @example
   * const paused = await agent.run("Delete old.txt");
   * if (paused.stopReason === "interrupted") save(JSON.stringify(paused.state));
   * // later, maybe in another process, with an agent made from the same options:
   * const result = await agent.continue(load(), { [paused.interruptions![0]!.id]: { approve: true } });
   */
  continue(state: RunState | string, decisions?: InterruptDecisions, options?: AgentContinueOptions): Promise<RunResult>;
  /**
   * {@link Agent.continue} as an event stream, like {@link Agent.stream}. The stream
   * starts again at `seq` 1 with `run-start`; the step the run paused in starts again
   * and announces its tool calls again (see the event protocol).
   *
   * @example
   * const running = agent.continueStream(savedState, { call_1: { approve: true } });
   * for await (const event of running) if (event.type === "tool-done") console.log(event.toolName, event.result);
   */
  continueStream(state: RunState | string, decisions?: InterruptDecisions, options?: AgentContinueOptions): RunStream;
  /**
   * Resumes a stored run of this agent: one whose process died (see the loop's
   * `resume()`), or one that paused for a person (give `decisions`). Needs the agent's
   * `storage`. Its result says `RUN_NOT_RESUMABLE` when the run has finished, is
   * unknown, or its process is alive.
   *
   * @example
   * const result = await agent.resume("run-42");
   * const approved = await agent.resume("run-43", { decisions: { call_1: { approve: true } } });
   */
  resume(runId: string, options?: AgentResumeOptions): Promise<RunResult>;
}
