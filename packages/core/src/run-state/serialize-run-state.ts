import type { AgentState, BatchCall, RunState } from "../run/run-state.js";

/** The JSON of each message, usage record and tool-call record already written (they are never changed in place). */
const itemJson = new WeakMap<object, string>();

/** Marks where a list goes in the skeleton: unique to this process, never in user data. */
const MARK = `\u0001baton-messages-${Math.random().toString(36).slice(2)}-`;
const MARKED = new RegExp(`"\\\\u0001baton-messages-${MARK.slice(16)}(\\d+)"`, "g");

/** The JSON of a list last written, with the items it held then (lists mostly grow at their end). */
const listJson = new WeakMap<readonly object[], { readonly items: readonly object[]; readonly json: string }>();

function jsonOfItem(item: object): string {
  let text = itemJson.get(item);
  if (text === undefined) {
    text = JSON.stringify(item);
    itemJson.set(item, text);
  }
  return text;
}

/** The JSON of a list: what was written of it before (while its items are still there, in order), then the items added since. */
function jsonOfList(list: readonly object[]): string {
  const last = listJson.get(list);
  let start = 0;
  let body = "";
  if (last && last.items.length <= list.length && last.items.every((item, i) => item === list[i])) {
    start = last.items.length;
    body = last.json;
  }
  for (let i = start; i < list.length; i++) body += i === 0 ? jsonOfItem(list[i]!) : `,${jsonOfItem(list[i]!)}`;
  if (start < list.length || !last) listJson.set(list, { items: list.slice(), json: body });
  return `[${body}]`;
}

/** An agent's state with its lists (and its nested runs') replaced by marks, to be filled in from the cache. */
function skeletonOf(agent: AgentState, lists: string[]): AgentState {
  const mark = <T extends object>(list: readonly T[]): T[] => {
    lists.push(jsonOfList(list));
    return `${MARK}${lists.length - 1}` as unknown as T[];
  };
  const batch = agent.batch;
  return {
    ...agent,
    messages: mark(agent.messages),
    inLoopMessages: mark(agent.inLoopMessages),
    added: mark(agent.added),
    usage: mark(agent.usage),
    toolCalls: mark(agent.toolCalls),
    ...(batch === undefined
      ? {}
      : {
          batch: {
            ...batch,
            calls: batch.calls.map((entry): BatchCall => (entry.subRuns ? { ...entry, subRuns: entry.subRuns.map((sub) => skeletonOf(sub, lists)) } : entry)),
          },
        }),
  };
}

/**
 * Serializes a run state to JSON (what `parseRunState` reads back), exactly as
 * `JSON.stringify` would. Each message, usage record and tool-call record is written
 * once per process and its JSON reused (they are immutable: the loop and its hooks
 * replace them, never change them in place), and so is what was written of a list
 * that only grew since, so a checkpoint of a run with a long history costs what its
 * new messages and counters cost. Storage adapters write checkpoints with it.
 *
 * @example
 * await writeFile("paused-run.json", serializeRunState(result.state));
 */
export function serializeRunState(state: RunState): string {
  // Not a current state (an older format on its way to an upgrade): nothing to reuse.
  if (state.root === undefined || state.root === null) return JSON.stringify(state);
  const lists: string[] = [];
  const skeleton = JSON.stringify({ ...state, root: skeletonOf(state.root, lists) });
  // Joined by concatenation, not replaced: the message lists are not copied again.
  const pieces = skeleton.split(MARKED);
  let json = pieces[0]!;
  for (let i = 1; i < pieces.length; i += 2) json += lists[Number(pieces[i])]! + pieces[i + 1]!;
  return json;
}
