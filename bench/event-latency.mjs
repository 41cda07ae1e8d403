// Added latency per event: a model hands over one text delta per millisecond timer (so the
// consumer keeps up), and the time from the hand-over to the consumer receiving the
// event is measured. "in-process": `for await` over `stream()`. "sse": the delta goes
// through `sendSse` in a server process, loopback HTTP and `decodeSseEvents` here.
// Usage: node event-latency.mjs <in-process|sse> [N]. Prints JSON: { medianUs, p99Us }.
import { stream } from "@baton/loop";
import { decodeSseEvents } from "@baton/events/client";
import { pacedTextModel } from "./instant-stream.mjs";
import { startSseServer } from "./sse-client.mjs";

const mode = process.argv[2] ?? "in-process";
const count = Number(process.argv[3] ?? 1000);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

const latencies = [];
if (mode === "in-process") {
  for (let round = 0; round < 2; round++) {
    const stamps = new Array(count);
    let i = 0;
    for await (const event of stream({ provider: pacedTextModel(count, stamps), model: "paced", input: "go" })) {
      if (event.type !== "text-delta") continue;
      const latency = (performance.now() - stamps[i++]) * 1000;
      if (round === 1) latencies.push(latency); // round 0 warms up
    }
  }
} else {
  const server = await startSseServer();
  try {
    for (let round = 0; round < 2; round++) {
      const response = await fetch(`${server.url}/paced?n=${count}`);
      for await (const event of decodeSseEvents(response.body)) {
        if (event.type !== "text-delta") continue;
        const latency = (performance.timeOrigin + performance.now()) * 1000 - Number(event.text);
        if (round === 1) latencies.push(latency);
      }
    }
  } finally {
    server.stop();
  }
}
console.log(JSON.stringify({ medianUs: percentile(latencies, 50), p99Us: percentile(latencies, 99) }));
