// Events per second over Server-Sent Events on loopback: a server process (sse-server.mjs)
// runs an instant model streaming N text deltas and sends the run with `sendSse`; this
// process fetches it and decodes every event with `decodeSseEvents`. The time runs from
// the request to the last decoded event.
// Usage: node events-sse.mjs <N>. Prints JSON: { events, eventsPerSecond }.
import { decodeSseEvents } from "@baton/events/client";
import { median } from "./instant-agent.mjs";
import { startSseServer } from "./sse-client.mjs";

const count = Number(process.argv[2] ?? 200_000);
const server = await startSseServer();

async function oneRun() {
  const start = performance.now();
  const response = await fetch(`${server.url}/run?n=${count}`);
  let events = 0;
  for await (const _event of decodeSseEvents(response.body)) events++;
  return { events, ms: performance.now() - start };
}

try {
  const warmEnd = performance.now() + 800;
  while (performance.now() < warmEnd) await oneRun();
  const rates = [];
  let events = 0;
  const end = performance.now() + 2000;
  while (performance.now() < end || rates.length < 5) {
    const sample = await oneRun();
    events = sample.events;
    rates.push((sample.events / sample.ms) * 1000);
  }
  console.log(JSON.stringify({ events, eventsPerSecond: median(rates) }));
} finally {
  server.stop();
}
