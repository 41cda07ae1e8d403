import { ConfigurationError, checkOptions } from "@baton/core";
import { startRunSession, type RunSession, type RunSessionOptions } from "./run-session.js";
import { RUN_SESSIONS_RULES, RUN_SESSION_RULES } from "../options/option-rules.js";

/** Options of {@link RunSessions}. */
export interface RunSessionsOptions {
  /** How long a finished session stays reachable (for late reconnects), in ms. Default 60000. */
  readonly keepFinishedMs?: number;
}

/**
 * A registry of run sessions by id, for servers where one request starts a run and
 * others (reconnects, more tabs) follow it. Finished sessions are dropped
 * `keepFinishedMs` after they end; the timers do not keep the process alive.
 *
 * @example
 * const sessions = new RunSessions();
 * // POST /runs
 * const session = sessions.create({ start: ({ signal, sink }) => run({ ...options, signal, sinks: [sink] }) });
 * // GET /runs/:id/events
 * const found = sessions.get(id);
 * if (found) await sendSse(req, res, found); else res.writeHead(404).end();
 */
export class RunSessions {
  private readonly sessions = new Map<string, RunSession>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly keepFinishedMs: number;

  constructor(options: RunSessionsOptions = {}) {
    checkOptions("RunSessions", options, RUN_SESSIONS_RULES);
    const keep = options.keepFinishedMs ?? 60_000;
    if (!Number.isFinite(keep) || keep < 0) throw new ConfigurationError(`RunSessions: "keepFinishedMs" must be a number >= 0, got ${keep}.`);
    this.keepFinishedMs = keep;
  }

  /** Sessions held. */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Starts a run session and registers it under its id.
   *
   * @throws ConfigurationError when a session with that id is already registered.
   */
  create(options: RunSessionOptions): RunSession {
    checkOptions("RunSessions.create", options, RUN_SESSION_RULES);
    if (options.id !== undefined && this.sessions.has(options.id)) {
      throw new ConfigurationError(`RunSessions: a session with id "${options.id}" already exists.`);
    }
    const session = startRunSession(options);
    this.sessions.set(session.id, session);
    const forget = (): void => this.scheduleRemoval(session);
    session.result.then(forget, forget);
    return session;
  }

  /** The session with this id, if it is registered. */
  get(id: string): RunSession | undefined {
    return this.sessions.get(id);
  }

  /**
   * Forgets a session; returns whether it was registered. A running session keeps
   * running: call its `abort()` first to stop it.
   */
  delete(id: string): boolean {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
    return this.sessions.delete(id);
  }

  /** The registered sessions. */
  values(): IterableIterator<RunSession> {
    return this.sessions.values();
  }

  private scheduleRemoval(session: RunSession): void {
    if (this.sessions.get(session.id) !== session) return;
    const remove = (): void => {
      this.timers.delete(session.id);
      if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    };
    if (this.keepFinishedMs === 0) {
      remove();
      return;
    }
    const timer = setTimeout(remove, this.keepFinishedMs);
    (timer as { unref?: () => void }).unref?.(); // Node: do not keep the process alive
    this.timers.set(session.id, timer);
  }
}
