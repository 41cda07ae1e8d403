import type { Message, RunResult, ToolRegistry } from "@baton/core";
import type { RunStream } from "@baton/loop";
import type { AgentRunOptions } from "./agent-run-options.js";

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
   * Resumes a stored run of this agent that was interrupted (its process died): see
   * the loop's `resume()`. Needs the agent's `storage`. Its result says
   * `RUN_NOT_RESUMABLE` when the run has finished, is unknown, or its process is alive.
   *
   * @example
   * const result = await agent.resume("run-42");
   */
  resume(runId: string, options?: Omit<AgentRunOptions, "runId" | "conversationId" | "userId">): Promise<RunResult>;
}
