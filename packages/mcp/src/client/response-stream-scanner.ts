type RequestId = string | number;

/**
 * Reads the Server-Sent Events of the stream that answers a POSTed JSON-RPC request,
 * noting which of the request ids got their response and whether the server gave an
 * event id (then the SDK can resume the stream, and a cut stream is not a loss).
 */
export class ResponseStreamScanner {
  private readonly decoder = new TextDecoder();
  private buffer = "";
  private readonly answered = new Set<RequestId>();
  private resumable = false;

  constructor(private readonly ids: readonly RequestId[]) {}

  /** Takes the next bytes of the stream. */
  push(chunk: Uint8Array): void {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    const events = this.buffer.split(/\r?\n\r?\n/);
    this.buffer = events.pop() ?? "";
    for (const event of events) this.readEvent(event);
  }

  /** Whether the stream ended without a response it owed and with nothing to resume from. */
  lostResponses(ignored: ReadonlySet<RequestId>): boolean {
    if (this.resumable) return false;
    return this.ids.some((id) => !this.answered.has(id) && !ignored.has(id));
  }

  private readEvent(event: string): void {
    const data: string[] = [];
    for (const line of event.split(/\r?\n/)) {
      if (line.startsWith("id:")) this.resumable = true;
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) return;
    try {
      const message = JSON.parse(data.join("\n")) as { id?: RequestId; result?: unknown; error?: unknown };
      if (message.id !== undefined && ("result" in message || "error" in message)) this.answered.add(message.id);
    } catch {
      // Not JSON: the SDK reports it; here it answers nothing.
    }
  }
}
