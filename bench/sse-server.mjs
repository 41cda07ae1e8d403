// The server side of the SSE benchmarks, run in its own process: every GET /run?n=N
// starts a run whose instant model streams N text deltas and sends it with `sendSse`.
// GET /paced?n=N streams N deltas one per millisecond timer, sending the wall-clock time each
// delta was produced in the delta's text (for latency). Prints the port when ready.
import { createServer } from "node:http";
import { run } from "@baton/loop";
import { startRunSession } from "@baton/events";
import { sendSse } from "@baton/events/node";
import { instantTextModel } from "./instant-stream.mjs";

/** A model streaming `count` deltas, one per millisecond timer, each carrying the epoch time in µs. */
function stampedModel(count) {
  return {
    id: "paced",
    async *stream() {
      for (let i = 0; i < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield { type: "text-delta", text: String(Math.round((performance.timeOrigin + performance.now()) * 1000)) };
      }
      yield { type: "finish", reason: "stop" };
    },
  };
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  const count = Number(url.searchParams.get("n") ?? 1000);
  const provider = url.pathname === "/paced" ? stampedModel(count) : instantTextModel(count);
  const session = startRunSession({
    start: ({ signal, sink }) => run({ provider, model: "bench", input: "go", signal, sinks: [sink] }),
  });
  void sendSse(req, res, session).catch(() => undefined);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
