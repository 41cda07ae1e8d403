import { isPromiseLike, type EventBase, type EventSink, type StreamEvent, type UnstampedEvent } from "@baton/core";
import { AgentEvents } from "./agent-events.js";
import type { Mutable } from "../state/mutable.js";

const settle = (): void => undefined;

/** An event being stamped: its base fields are written once, here. */
type Stamped = Mutable<EventBase>;

/**
 * The event fan-out of one run tree: the parent run and all its sub-agents share one
 * scope, so sequence numbers stay strictly increasing across every agent and content
 * blocks are numbered by one counter. It also collects backpressure: when a sink
 * asks to wait, {@link EventScope.ready} returns the promise producers wait for.
 */
export class EventScope {
  private seq = 0;
  private lastBlock = -1;
  private readonly sinks: EventSink[];
  private blocked: Promise<void> | undefined;
  /** The sinks' promises `blocked` already waits for (a full queue returns the same one until it drains); made when a sink first asks to wait. */
  private waitingFor: Set<PromiseLike<unknown>> | undefined;
  /** Errors thrown by sinks; a throwing sink never disturbs the run or the other sinks. */
  readonly sinkErrors: unknown[] = [];

  constructor(
    readonly runId: string,
    sinks: readonly EventSink[],
  ) {
    this.sinks = [...sinks];
  }

  /** Whether anyone listens; when not, callers may skip building events. */
  get active(): boolean {
    return this.sinks.length > 0;
  }

  /** A promise to wait for before producing more events, while a sink is full. */
  get ready(): Promise<void> | undefined {
    return this.blocked;
  }

  /** The emitter of the run's main agent. */
  root(agentPath: string): AgentEvents {
    return new AgentEvents(this, agentPath, 0);
  }

  /** Opens a new content block: its index is greater than every block opened before. */
  openBlock(): number {
    return ++this.lastBlock;
  }

  /**
   * Stamps an event with run id, agent path, sequence number, content index and time,
   * and delivers it to every sink in order. The event object is stamped in place, so it
   * must be a fresh object that is not emitted twice. Returns the stamped event; when
   * nobody listens it is not even built, unless `force` asks for it. Nothing is
   * delivered after the root's `run-end` (a write of the run that fails after it is
   * logged, not streamed).
   */
  deliver(agentPath: string, contentIndex: number, event: UnstampedEvent, force: boolean): StreamEvent | undefined {
    if (this.sinks.length === 0 && !force) return undefined;
    // Stamped in place (a copy costs more than the rest of the event path): callers hand over fresh objects.
    const base = event as unknown as Stamped;
    base.runId = this.runId;
    base.agentPath = agentPath;
    base.seq = ++this.seq;
    base.contentIndex = contentIndex;
    base.timestamp = Date.now();
    const stamped = event as unknown as StreamEvent;
    for (const sink of this.sinks) {
      try {
        const wait = sink.emit(stamped);
        if (isPromiseLike(wait)) this.block(wait);
      } catch (error) {
        if (this.sinkErrors.length < 100) this.sinkErrors.push(error);
      }
    }
    // The root's `run-end` (the root's path is the one without "/") is the stream's last event, whatever comes after (a late storage failure).
    if (event.type === "run-end" && !agentPath.includes("/")) this.sinks.length = 0;
    return stamped;
  }

  private block(wait: PromiseLike<unknown>): void {
    const waitingFor = (this.waitingFor ??= new Set());
    if (waitingFor.has(wait)) return;
    waitingFor.add(wait);
    const current = this.blocked;
    const next: Promise<void> = (current ? Promise.all([current, wait]) : Promise.resolve(wait)).then(settle, settle);
    this.blocked = next;
    void next.then(() => {
      if (this.blocked !== next) return;
      this.blocked = undefined;
      waitingFor.clear();
    });
  }
}
