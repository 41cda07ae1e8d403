/**
 * The README's examples, run. Each test holds the code of one README example as it is
 * written there (imports aside: they come from `src` here) and asserts what the README
 * says it prints; `console.log` lines of the README become `expect`s. The last test
 * checks that every `ts` block of the README still appears here line by line, so the
 * two cannot drift apart.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { composeConfigs, rejectionText } from "@baton/core";
import { resume, run } from "@baton/loop";
import { createMemoryStorage } from "@baton/storage-memory";
import { fakeTool, scriptedModel } from "@baton/testing";
import { defineTool } from "@baton/tools";
import {
  AgentTemplateError,
  DEEP_RESEARCH_STATE_KEY,
  agentFromTemplate,
  approvals,
  createOrchestration,
  deepResearchSupervisorConfig,
  defineAgent,
  fewShot,
  handoffOf,
  loadAgentTemplate,
  loopDetection,
  loopDetectionsOf,
  mainThreadConfig,
  outputOf,
  researcherTool,
  shownToUser,
  shownToUserText,
  structuredOutput,
  todoListOf,
  todoListTool,
  type TodoItem,
} from "../../src/index.js";

const README = fileURLToPath(new URL("../../README.md", import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

/** The README's fenced blocks of a language ("" for blocks without one), in order. */
function readmeBlocks(language: string): string[] {
  const blocks: string[] = [];
  let open: { language: string; lines: string[] } | undefined;
  for (const line of readFileSync(README, "utf8").split("\n")) {
    // Fences may be indented (a block inside a list item).
    if (!line.trimStart().startsWith("```")) {
      open?.lines.push(line);
    } else if (open) {
      if (open.language === language) blocks.push(`${open.lines.join("\n")}\n`);
      open = undefined;
    } else {
      open = { language: line.trimStart().slice(3).trim(), lines: [] };
    }
  }
  return blocks;
}

/** The text of the tool results the model read last in a request. */
function lastToolResults(request: { readonly messages: readonly { readonly role: string; readonly content: unknown }[] } | undefined): unknown[] {
  const last = request?.messages.findLast((message) => message.role === "tool");
  return ((last?.content ?? []) as { result: unknown }[]).map((part) => part.result);
}

describe("README: quick start", () => {
  it("composes the configs; the run pauses for the approval and goes on from its JSON state", async () => {
    const Cleanup = z.object({ deleted: z.array(z.string()), kept: z.array(z.string()) });
    const agent = {
      model: "gpt-4.1",
      instructions: "You tidy up folders. Temporary files end in .tmp.",
      tools: [fakeTool({ name: "list_files", result: ["a.tmp", "notes.txt"] }), fakeTool({ name: "delete_file", result: "deleted" })],
      config: composeConfigs(mainThreadConfig(), loopDetection({ action: "warn" }), structuredOutput(Cleanup), approvals({ needsApproval: ["delete_file"] })),
    };
    const provider = scriptedModel([
      { toolCalls: [{ name: "list_files" }] },
      { toolCalls: [{ id: "del-1", name: "delete_file", arguments: { path: "a.tmp" } }] },
      '{ "deleted": ["a.tmp"], "kept": ["notes.txt"] }',
    ]);

    const paused = await run({ ...agent, provider, input: "Delete the temporary files." });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions?.map((item) => item.toolName)).toEqual(["delete_file"]);

    const saved = JSON.stringify(paused.state);
    const done = await run({ ...agent, provider, resume: saved, decisions: { "del-1": { approve: true } } });
    expect(done.stopReason).toBe("completed");
    expect(outputOf(done, Cleanup)).toEqual({ deleted: ["a.tmp"], kept: ["notes.txt"] });
    expect(agent.tools[1]!.calls.map((call) => call.args)).toEqual([{ path: "a.tmp" }]);
  });
});

describe("README: built-in configs", () => {
  it("main thread: tells the user how to enable a refused tool, and answers", async () => {
    const imageGen = fakeTool({ name: "image_gen", shouldUse: false }); // not enabled for this user
    const webSearch = fakeTool({ name: "web_search", result: "Cats sleep 13 to 16 hours a day." });
    const provider = scriptedModel([
      {
        text: "Let me draw it and look.",
        toolCalls: [
          { name: "image_gen", arguments: { prompt: "a cat" } },
          { name: "web_search", arguments: { query: "cat facts" } },
        ],
      },
      " Meanwhile: cats sleep 13 to 16 hours a day.",
    ]);
    const result = await run({
      provider,
      model: "gpt-4.1",
      input: "Draw me a cat, then find cat facts",
      tools: [imageGen, webSearch],
      config: mainThreadConfig({
        toolCallLimit: 20,
        enableHint: { image_gen: "Image generation is off. Turn it on in Settings → Tools." },
      }),
    });
    expect(result.text).toBe("\n\nImage generation is off. Turn it on in Settings → Tools. Meanwhile: cats sleep 13 to 16 hours a day.");
    expect(result.toolCalls.map((call) => [call.toolName, call.status])).toEqual([
      ["image_gen", "not_enabled"],
      ["web_search", "ok"],
    ]);
    expect(provider.requests[1]!.tools?.map((tool) => tool.name)).toEqual(["web_search"]);
  });

  it("deep research: researchers side by side, then the report, then the answer; only research is stored", async () => {
    const storage = createMemoryStorage();
    const reportTool = fakeTool({ name: "report_generation", result: "# AI rules: EU and US\n…" }); // yours: writes the report from the findings
    const provider = scriptedModel([
      {
        toolCalls: [
          { name: "researcher_agent", arguments: { topic: "EU rules on AI models" } },
          { name: "researcher_agent", arguments: { topic: "US rules on AI models" } },
        ],
      },
      "The EU AI Act sorts models by risk.",
      "The US relies on executive orders and state laws.",
      { toolCalls: [{ name: "report_generation", arguments: { title: "AI rules: EU and US" } }] },
      "The report is ready: the EU regulates by risk tier, the US by sector.",
    ]);
    const result = await run({
      provider,
      model: "gpt-4.1",
      input: "How do EU and US rules on AI models differ?",
      instructions: "You lead a research team. Split the question, research, then write a report.",
      tools: [researcherTool({ tools: [fakeTool({ name: "web_search" })], researcher: { toolCallLimit: 8 } }), reportTool],
      config: deepResearchSupervisorConfig({ timeBudgetMs: 10 * 60_000, cheaperModel: "gpt-4.1-mini" }),
      storage,
      conversationId: "research-1",
    });
    expect(result.text).toBe("The report is ready: the EU regulates by risk tier, the US by sector.");
    expect(result.custom[DEEP_RESEARCH_STATE_KEY]).toMatchObject({ researchCalls: 2, reportDone: true, nudges: 0 });
    expect(result.toolCallCount).toBe(3);
    expect(result.usage.total.calls).toBe(5);
    const findings = result.toolCalls.filter((call) => call.toolName === "researcher_agent").map((call) => (call.result as { findings: string }).findings);
    expect(findings.sort()).toEqual(["The EU AI Act sorts models by risk.", "The US relies on executive orders and state laws."]);
    // Stored: the text, and the researcher and report calls and results.
    const stored = await storage.loadMessages("research-1");
    const names = stored
      .flatMap((message) => message.parts)
      .flatMap((part) => ("toolCalls" in part ? (part.toolCalls ?? []).map((call) => call.toolName) : []));
    expect(names.sort()).toEqual(["report_generation", "researcher_agent", "researcher_agent"]);

    // Without the report tool the run fails before its first model call.
    const unused = scriptedModel(["never sent"]);
    const failed = await run({ provider: unused, model: "m", input: "x", tools: [researcherTool()], config: deepResearchSupervisorConfig() });
    expect([failed.stopReason, failed.error?.code, unused.requests.length]).toEqual(["error", "INVALID_CONFIGURATION", 0]);
  });
});

describe("README: multi-agent", () => {
  it("delegation with asTool, then a handoff whose target pauses for an approval and is resumed", async () => {
    const webSearch = defineTool({
      name: "web_search",
      description: "Searches the web.",
      parameters: z.object({ query: z.string() }),
      execute: async ({ query }) => `results for ${query}`,
    });

    // Delegation: the researcher answers, and the writer continues with its answer.
    const researcher = defineAgent({
      name: "researcher",
      description: "Researches a topic on the web and reports the findings.",
      instructions: "You are a careful researcher. Cite your sources.",
      tools: [webSearch],
    });
    const provider = scriptedModel([
      { toolCalls: [{ name: "researcher", arguments: { input: "Find evidence of octopus intelligence." } }] }, // the writer delegates
      { toolCalls: [{ name: "web_search", arguments: { query: "octopus intelligence" } }] }, // the researcher searches
      "Octopuses solve puzzles and use tools [results for octopus intelligence].", // … and answers
      "Octopuses are remarkably clever: they solve puzzles and even use tools.", // the writer goes on
    ]);
    const writer = await run({
      provider,
      model: "gpt-4.1",
      input: "Write a paragraph about octopus intelligence.",
      tools: [researcher.asTool()], // arguments: { input: string }
    });
    expect(writer.text).toBe("Octopuses are remarkably clever: they solve puzzles and even use tools.");
    expect(writer.toolCallCount).toBe(2);
    expect(lastToolResults(provider.requests[3])).toEqual(["Octopuses solve puzzles and use tools [results for octopus intelligence]."]);
    expect(writer.usage.calls.map((call) => call.agentPath)).toEqual(["main", "main/researcher#1", "main/researcher#1", "main"]);

    // Handoffs: triage hands the conversation to billing, and billing answers the user.
    const billing = defineAgent({
      name: "billing",
      description: "Invoices, payments and refunds.",
      instructions: "You handle billing questions.",
      tools: [fakeTool({ name: "refund", result: "refund R-7 issued" })],
      config: approvals({ needsApproval: ["refund"] }), // a person approves every refund
    });
    const triage = defineAgent({
      name: "triage",
      description: "First contact; routes the user.",
      instructions: "Answer simple questions; hand billing questions to billing.",
      handoffs: [billing],
      maxHandoffs: 2,
    });
    const support = scriptedModel([
      { toolCalls: [{ name: "transfer_to_billing", arguments: { reason: "The user wants order A-1 refunded." } }] }, // triage
      { toolCalls: [{ id: "refund-1", name: "refund", arguments: { order: "A-1" } }] }, // billing
      "Your refund R-7 for order A-1 is on its way.", // billing again, once the refund ran
    ]);
    const paused = await run({ provider: support, model: "gpt-4.1", input: "Refund order A-1", ...triage.runOptions() });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions?.map((item) => [item.id, item.agentPath])).toEqual([["refund-1", "triage/billing#1"]]);

    const result = await run({
      provider: support,
      model: "gpt-4.1",
      ...triage.runOptions(),
      resume: paused.state,
      decisions: { "refund-1": { approve: true } },
    });
    expect(result.text).toBe("Your refund R-7 for order A-1 is on its way.");
    expect(handoffOf(result)?.answeredBy).toBe("billing");
    expect(handoffOf(result)).toEqual({
      from: "triage",
      to: "billing",
      agentPath: "triage/billing#1",
      answeredBy: "billing",
      chain: ["triage", "billing"],
      stopReason: "completed",
    });
    // billing saw the user's message and the note, not triage's tool call.
    expect(support.requests[1]!.messages).toEqual([
      {
        role: "system",
        content: 'You handle billing questions.\n\nThe agent "triage" handed this conversation over to you. Its note: The user wants order A-1 refunded.',
      },
      { role: "user", content: [{ type: "text", text: "Refund order A-1" }] },
    ]);
    // The calling agent made no model call after the transfer.
    expect(support.requests.map((request) => request.messages[0]!.content)).toHaveLength(3);
  });

  it("an asTool sub-agent that asks the user pauses the whole run; resume continues it, then the caller", async () => {
    const ask = {
      ...fakeTool({ name: "ask_user" }),
      execute: async (_args: unknown, ctx: import("@baton/core").ToolExecutionContext) => ctx.askUser<string>("Which account?"),
    };
    const helper = defineAgent({ name: "helper", description: "Helps.", instructions: "Ask when unsure.", tools: [ask] });
    const provider = scriptedModel([
      { toolCalls: [{ name: "helper", arguments: { input: "Close the account." } }] },
      { toolCalls: [{ id: "q1", name: "ask_user", arguments: {} }] },
    ]);
    const paused = await run({ provider, model: "m", input: "Close my account.", tools: [helper.asTool()] });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions).toEqual([expect.objectContaining({ id: "q1", kind: "question", agentPath: "main/helper#1", payload: "Which account?" })]);

    const next = scriptedModel(["Closed the savings account.", "Done: your savings account is closed."]);
    const result = await run({
      provider: next,
      model: "m",
      tools: [helper.asTool()],
      resume: JSON.stringify(paused.state),
      decisions: { q1: { answer: "savings" } },
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Done: your savings account is closed.");
    expect(lastToolResults(next.requests[0])).toEqual(["savings"]);
  });

  it("a BatonError a tool throws keeps its code in what the model reads", async () => {
    const failing = defineAgent({ name: "broken", description: "Fails.", instructions: "", provider: scriptedModel([{ error: "down" }]) });
    const provider = scriptedModel([{ toolCalls: [{ name: "broken", arguments: { input: "go" } }] }, "I could not get help."]);
    const result = await run({ provider, model: "m", input: "x", tools: [failing.asTool()] });
    expect(String(lastToolResults(provider.requests[1])[0])).toMatch(
      /^Error \(SUB_AGENT_FAILED\): Agent "broken" failed \(main\/broken#1, stop reason "error"\)/,
    );
    expect(result.text).toBe("I could not get help.");
  });
});

describe("README: orchestration steps", () => {
  it("runs as documented, and a definition naming unknown tools fails the run before its first model call", async () => {
    const storage = createMemoryStorage();
    const steps = createOrchestration(
      {
        steps: [
          { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "search", "read"] }], allowedTools: ["write"] },
          { name: "research", isDefault: true, sequence: ["search", "search", "read"] },
        ],
      },
      { store: storage, sessionId: "conversation-42" },
    );
    const tools = ["search", "read", "write"].map((name) => fakeTool({ name, result: `${name} ok` }));
    const model = scriptedModel([
      { toolCalls: [{ name: "read" }] }, // out of order: refused, does not run
      { toolCalls: [{ name: "search" }] },
      { toolCalls: [{ name: "search" }] },
      { toolCalls: [{ name: "read" }] },
      { toolCalls: [{ name: "write" }] },
      "Done.",
    ]);
    const result = await run({ provider: model, model: "m", input: "Write a brief on X.", tools, config: steps.config });
    expect(model.requests.map((request) => request.tools?.map((tool) => tool.name))).toStrictEqual([
      ["search"],
      ["search"],
      ["search"],
      ["read"],
      ["write"],
      ["search"],
    ]);
    expect(result.toolCalls.map((call) => `${call.toolName}:${call.status}`)).toEqual(["read:refused", "search:ok", "search:ok", "read:ok", "write:ok"]);
    expect(steps.state()).toStrictEqual({ activeStep: "research", recentTools: ["search", "search", "read", "write"], sequencePosition: 0, version: 4 });
    expect(result.text).toBe("Done.");
    expect(lastToolResults(model.requests[1])).toEqual([
      'Tool "read" is not allowed now: step "research" follows a sequence and its next tool is "search". Call "search" first.',
    ]);
    expect(await storage.loadSessionState("orchestration:conversation-42")).toMatchObject({
      version: 4,
      value: { activeStep: "research", sequencePosition: 0 },
    });

    const typo = createOrchestration({ steps: [{ name: "research", isDefault: true, sequence: ["serch", "read"] }] });
    const failed = await run({ provider: scriptedModel(["never sent"]), model: "m", input: "Go.", tools, config: typo.config });
    expect(failed.stopReason).toBe("error");
    expect(failed.error?.code).toBe("INVALID_CONFIGURATION");
    expect(failed.error?.message).toBe(
      'Invalid orchestration definition:\n- steps[0].sequence[0]: unknown tool "serch" (the run\'s tools: search, read, write)',
    );
  });
});

describe("README: loop detection", () => {
  it("warns on the third identical call, and terminates on the next", async () => {
    const search = fakeTool({ name: "search", result: "nothing found" });
    const provider = scriptedModel([
      { toolCalls: [{ name: "search", arguments: { q: "Baton 1.0", page: 1 } }] },
      { toolCalls: [{ name: "search", arguments: { page: 1, q: "Baton 1.0" } }] }, // the same call: key order does not matter
      { toolCalls: [{ name: "search", arguments: { q: "Baton 1.0", page: 1 } }] }, // the third: it runs, and a warning follows its result
      { text: "Let me try once more.", toolCalls: [{ name: "search", arguments: { q: "Baton 1.0", page: 1 } }] }, // warned before: the run ends
    ]);
    const result = await run({
      provider,
      model: "gpt-4.1-mini",
      input: "Find the release date of Baton 1.0.",
      tools: [search],
      config: composeConfigs(mainThreadConfig(), loopDetection({ window: 8, maxIdenticalCalls: 3, maxRepeatedText: 3, action: "warn" })),
    });
    expect(result.stopReason).toBe("loop_detected");
    expect(result.text).toBe("Let me try once more.");
    expect(loopDetectionsOf(result).map((d) => [d.kind, d.action, d.iteration])).toEqual([
      ["tool_repetition", "warn", 3],
      ["tool_repetition", "terminate", 4],
    ]);
    expect(search.calls).toHaveLength(3);
    expect(String(lastToolResults(provider.requests[3])[0])).toMatch(
      /^nothing found\n\n\[Loop warning\] You have called "search" 3 times with identical arguments\./,
    );
    expect(result.toolCalls[2]!.result).toBe("nothing found");
  });
});

describe("README: planning", () => {
  it("keeps the plan in the agent's state and emits plan-updated events", async () => {
    const plans: string[] = [];
    const provider = scriptedModel([
      {
        toolCalls: [
          {
            name: "manage_todo_list",
            arguments: {
              operation: "write",
              expectedVersion: 0,
              items: [{ title: "Read the adapters' READMEs", status: "in_progress" }, { title: "Compare them" }, { title: "Recommend one" }],
            },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: "manage_todo_list",
            arguments: {
              operation: "update",
              expectedVersion: 1,
              changes: [
                { id: "1", status: "completed" },
                { id: "2", status: "in_progress" },
              ],
            },
          },
        ],
      },
      "SQLite for one machine, PostgreSQL for several, Redis for speed.",
    ]);
    const result = await run({
      provider,
      model: "gpt-4.1-mini",
      input: "Compare the three storage adapters and recommend one.",
      tools: [todoListTool(), fakeTool({ name: "search" })],
      onEvent: (event) => {
        if (event.type === "plan-updated") plans.push(`v${event.version}: ${event.items.map((item) => item.status).join(", ")}`);
      },
    });
    expect(plans).toEqual(["v1: in_progress, pending, pending", "v2: completed, in_progress, pending"]);
    expect(todoListOf(result)).toEqual({
      version: 2,
      items: [
        { id: "1", title: "Read the adapters' READMEs", status: "completed" },
        { id: "2", title: "Compare them", status: "in_progress" },
        { id: "3", title: "Recommend one", status: "pending" },
      ] satisfies TodoItem[],
    });
    expect(result.custom.todoList).toEqual(todoListOf(result));
  });
});

describe("README: structured output", () => {
  it("repairs an answer that is not JSON once, then returns the parsed value", async () => {
    const Release = z.object({ version: z.string(), date: z.iso.date() });
    const provider = scriptedModel([
      { toolCalls: [{ name: "search", arguments: { q: "Baton 1.0 release" } }] },
      "Baton 1.0 came out on 2025-03-14.", // not JSON: the model gets one repair turn
      '```json\n{ "version": "1.0.0", "date": "2025-03-14" }\n```',
    ]);
    const result = await run({
      provider,
      model: "gpt-4.1-mini",
      input: "When was Baton 1.0 released?",
      tools: [fakeTool({ name: "search", result: "Baton 1.0.0 (2025-03-14)" })],
      config: structuredOutput(Release),
    });
    const release = outputOf(result, Release); // { version, date } | undefined
    expect(release).toEqual({ version: "1.0.0", date: "2025-03-14" });
    expect(result.custom.structuredOutput).toMatchObject({ status: "valid", repairs: 1 });
    // The repair request reached the model as a user message, but is not part of the run's messages.
    expect(provider.requests[2]!.messages.at(-1)).toMatchObject({ role: "user" });
    expect(JSON.stringify(provider.requests[2]!.messages.at(-1))).toContain("does not match the required output schema");
    expect(result.messages.map((message) => message.role)).toEqual(["assistant", "tool", "assistant", "assistant"]);
  });
});

describe("README: human approval", () => {
  const paths = (calls: readonly { readonly args: unknown }[]) => calls.map((call) => (call.args as { path: string }).path);

  it("pauses before anything of the turn runs, and goes on from the JSON with the decisions", async () => {
    const saved = new Map<string, string>(); // any store: a file, a table, a queue
    const agent = {
      model: "gpt-4.1",
      instructions: "You manage files carefully.",
      tools: [fakeTool({ name: "search", result: "a.txt, b.txt" }), fakeTool({ name: "delete_file", result: "deleted" })],
      config: composeConfigs(mainThreadConfig(), approvals({ needsApproval: ["delete_file"] })),
    };

    // Process 1: the run pauses. Nothing of the turn ran, not even the search.
    const paused = await run({
      ...agent,
      provider: scriptedModel([
        {
          toolCalls: [
            { id: "c1", name: "search", arguments: { q: "*.txt" } },
            { id: "c2", name: "delete_file", arguments: { path: "a.txt" } },
            { id: "c3", name: "delete_file", arguments: { path: "b.txt" } },
          ],
        },
      ]),
      input: "Delete a.txt and b.txt",
    });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions?.map((item) => [item.id, item.toolName, item.arguments])).toEqual([
      ["c2", "delete_file", { path: "a.txt" }],
      ["c3", "delete_file", { path: "b.txt" }],
    ]);
    saved.set(paused.runId, JSON.stringify(paused.state));
    expect(agent.tools[0]!.calls).toHaveLength(0);

    // Process 2, later: a person decided.
    const result = await run({
      ...agent,
      provider: scriptedModel(["Deleted a.txt; kept b.txt."]),
      resume: saved.get(paused.runId)!,
      decisions: {
        c2: { approve: true },
        c3: { approve: false, reason: "Keep that file." },
      },
    });
    expect(result.text).toBe("Deleted a.txt; kept b.txt.");
    expect(result.toolCalls.map((call) => [call.toolName, call.status])).toEqual([
      ["search", "ok"],
      ["delete_file", "ok"],
      ["delete_file", "refused"],
    ]);
    expect(paths(agent.tools[1]!.calls)).toEqual(["a.txt"]);
    expect(result.toolCalls[2]!.error?.message).toBe(rejectionText("Keep that file."));
    expect(rejectionText("Keep that file.")).toBe("The user rejected this tool call, so it was not run. Reason: Keep that file.");
    expect(result.toolCallCount).toBe(3);
  });

  it("a stored run: resume() continues it with the decisions", async () => {
    const agent = {
      model: "gpt-4.1",
      instructions: "You manage files carefully.",
      tools: [fakeTool({ name: "delete_file", result: "deleted" })],
      config: approvals({
        needsApproval: (toolName: string, args: unknown) => (toolName === "delete_file" ? { payload: `Delete ${(args as { path: string }).path}?` } : false),
      }),
    };
    const storage = createMemoryStorage();
    const provider = scriptedModel([{ toolCalls: [{ id: "d1", name: "delete_file", arguments: { path: "a.txt" } }] }, "a.txt is gone."]);
    const first = await run({ ...agent, provider, storage, runId: "run-1", conversationId: "c-1", input: "Delete a.txt" });
    expect(first.stopReason).toBe("interrupted");
    expect(first.interruptions?.[0]?.payload).toBe("Delete a.txt?");
    // … any process, any time later:
    const done = await resume({ ...agent, provider, storage, runId: "run-1", decisions: { d1: { approve: true } } });
    expect(done.text).toBe("a.txt is gone.");
    expect(paths(agent.tools[0]!.calls)).toEqual(["a.txt"]);
  });

  it("reads a paused state saved by 0.x (baton.approval version 1)", async () => {
    const v1 = {
      format: "baton.approval",
      version: 1,
      runId: "r-old",
      agentPath: "main",
      messages: [
        { role: "user", content: [{ type: "text", text: "Please delete report.txt." }] },
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_del_1", toolName: "delete_file", arguments: { path: "report.txt" } }] },
      ],
      pendingCalls: [{ toolCallId: "call_del_1", toolName: "delete_file", arguments: { path: "report.txt" } }],
    };
    const deleteFile = fakeTool({ name: "delete_file", result: "deleted" });
    const provider = scriptedModel(["report.txt is deleted."]);
    const result = await run({
      provider,
      model: "m",
      tools: [deleteFile],
      config: approvals({ needsApproval: ["delete_file"] }),
      resume: JSON.stringify(v1),
      decisions: { call_del_1: { approve: true } },
    });
    expect(result.text).toBe("report.txt is deleted.");
    expect(paths(deleteFile.calls)).toEqual(["report.txt"]);
  });
});

describe("README: prompting helpers", () => {
  it("fewShot puts the examples after the system prompt of the matching model's calls only", async () => {
    const weatherExamples = [
      { role: "user" as const, content: [{ type: "text" as const, text: "What is the weather in Paris?" }] },
      { role: "assistant" as const, content: [{ type: "tool-call" as const, toolCallId: "ex1", toolName: "weather", arguments: { city: "Paris" } }] },
      { role: "tool" as const, content: [{ type: "tool-result" as const, toolCallId: "ex1", toolName: "weather", result: "18°C" }] },
      { role: "assistant" as const, content: [{ type: "text" as const, text: "It is 18°C in Paris." }] },
    ];
    const config = composeConfigs(mainThreadConfig(), fewShot({ examples: { "small-model-*": weatherExamples } }));
    const provider = scriptedModel(["It is 21°C in Lyon."]);
    const result = await run({
      provider,
      model: "small-model-2",
      instructions: "You answer weather questions.",
      tools: [fakeTool({ name: "weather" })],
      input: "Weather in Lyon?",
      config,
    });
    expect(provider.requests[0]!.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
    expect(result.messages).toHaveLength(1);

    const big = scriptedModel(["21°C."]);
    await run({
      provider: big,
      model: "big-model",
      instructions: "You answer weather questions.",
      tools: [fakeTool({ name: "weather" })],
      input: "Weather in Lyon?",
      config,
    });
    expect(big.requests[0]!.messages.map((message) => message.role)).toEqual(["system", "user"]);
  });

  it("shownToUser wraps what the user already saw", async () => {
    const renderChart = fakeTool({ name: "render_chart", result: { chart: "bars", points: 3 } });
    const provider = scriptedModel([{ toolCalls: [{ name: "render_chart", arguments: { metric: "sales" } }] }, "Sales rose in March."]);
    const result = await run({
      provider,
      model: "gpt-4.1",
      input: "Chart our sales.",
      tools: [renderChart],
      config: composeConfigs(mainThreadConfig(), shownToUser({ toolNames: ["render_chart", "draft_email"] })),
    });
    const shown = lastToolResults(provider.requests[1])[0];
    expect(shown).toBe(
      readmeBlocks("")
        .find((block) => block.includes("<shown_to_user>"))!
        .trimEnd(),
    );
    expect(shown).toBe(shownToUserText({ chart: "bars", points: 3 }));
    expect(result.toolCalls[0]!.result).toEqual({ chart: "bars", points: 3 });
  });
});

describe("README: agent templates", () => {
  /** Runs `body` in a fresh directory holding the README's JSON template as `./agents/support.json`. */
  async function inTemplateDirectory(body: () => Promise<void>): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), "baton-readme-"));
    mkdirSync(join(dir, "agents"));
    writeFileSync(join(dir, "agents", "support.json"), readmeBlocks("json")[0]!);
    const before = process.cwd();
    process.chdir(dir);
    try {
      await body();
    } finally {
      process.chdir(before);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("loads the template, runs its steps and stores only what its data policy allows", async () => {
    await inTemplateDirectory(async () => {
      const provider = scriptedModel([
        { toolCalls: [{ name: "lookup_customer", arguments: { email: "ada@example.com" } }] },
        { toolCalls: [{ name: "search_orders", arguments: { id: "42" } }] },
        "Order 42 shipped on May 2.",
      ]);
      const storage = createMemoryStorage();
      const template = await loadAgentTemplate("./agents/support.json");
      const steps = createOrchestration(template.steps, { store: storage, sessionId: "conversation-7" });
      const options = agentFromTemplate(template, {
        tools: {
          search_orders: fakeTool({ name: "search_orders", result: "Order 42: shipped on May 2." }),
          lookup_customer: fakeTool({ name: "lookup_customer", result: { name: "Ada", tier: "gold" } }),
        }, // or an array of tools
        providers: { openai: provider }, // or a default `provider`
        config: steps.config, // composed with the template's settings
      });
      const result = await run({ ...options, input: "Where is order 42?", storage, conversationId: "conversation-7" });
      expect(result.text).toBe("Order 42 shipped on May 2.");
      expect(provider.requests.map((request) => request.tools?.map((tool) => tool.name))).toEqual([["lookup_customer"], ["search_orders"], ["search_orders"]]);
      expect(provider.requests[0]!.model).toBe("gpt-4.1-mini");
      expect(options).toMatchObject({ agentName: "support", toolCallLimit: 10, maxIterations: 20, temperature: 0.2 });
      // lookup_customer is not stored: the template's data policy allows search_orders only.
      const stored = JSON.stringify(await storage.loadMessages("conversation-7"));
      expect(stored).toContain("search_orders");
      expect(stored).not.toContain("lookup_customer");
      expect(stored).not.toContain("gold");
      expect(result.toolCallCount).toBe(1);
    });
  });

  it("reports every bad field at once", async () => {
    await inTemplateDirectory(async () => {
      writeFileSync(
        "./agents/support.json",
        JSON.stringify({
          name: "support",
          instructions: "Be brief.",
          instruction: "Be brief.",
          model: "gpt-4.1-mini",
          tools: ["search_orders", "lookup_customer", 3],
          limits: { toolCallLimit: "10" },
        }),
      );
      const error = await loadAgentTemplate("./agents/support.json").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AgentTemplateError);
      expect((error as AgentTemplateError).code).toBe("INVALID_AGENT_DEFINITION");
      const shown = readmeBlocks("").find((block) => block.startsWith("Invalid agent template"))!;
      expect((error as Error).message).toBe(shown.trimEnd());
    });
  });
});

describe("the README's code", () => {
  /** A line as compared: trimmed, without a trailing `// comment`. */
  const normalize = (line: string): string => line.replace(/\s+\/\/ .*$/, "").trim();
  /** Lines that need not appear here: blank lines, comments, imports and `console.log` lines (asserted with `expect` instead). */
  const compared = (line: string): boolean => line.length > 0 && !line.startsWith("//") && !line.startsWith("import ") && !line.includes("console.log(");

  /** Code as compared across formatting: without whitespace and commas (a formatter may wrap a line or add a trailing comma). */
  const squeeze = (text: string): string => text.replace(/[\s,]/g, "");

  it("every ts block of the README is in this file, line by line (expects may come between)", () => {
    const mine = squeeze(
      readFileSync(THIS_FILE, "utf8")
        .split("\n")
        .map(normalize)
        .filter((line) => !line.startsWith("//"))
        .join("\n"),
    );
    const blocks = readmeBlocks("ts");
    expect(blocks.length).toBeGreaterThanOrEqual(14);
    const missing: string[] = [];
    for (const block of blocks) {
      const lines = block.split("\n").map(normalize).filter(compared);
      if (lines.length === 0) continue;
      const pieces = lines.map(squeeze);
      // Some occurrence of the first line must be followed by the others, each soon after the one before.
      let found = false;
      for (let start = mine.indexOf(pieces[0]!); start >= 0 && !found; start = mine.indexOf(pieces[0]!, start + 1)) {
        let at = start + pieces[0]!.length;
        found = pieces.slice(1).every((piece) => {
          const next = mine.indexOf(piece, at);
          if (next < 0 || next - at > 800) return false;
          at = next + piece.length;
          return true;
        });
      }
      if (!found) missing.push(lines.slice(0, 3).join("\n"));
    }
    expect(missing).toEqual([]);
  });
});
