// The event path's throughput on one core: a run's events handed to consumers in
// process and encoded for SSE. An instant model streams D one-word text deltas (20,000
// by default) in one turn; a run has D + 6 events.
//
// - stream: `for await` over `stream()`: events of the run per second;
// - hub ×K: the run's sink is an `EventHub` read by K subscriptions at once (fan-out),
//   or heard by K callbacks (`hub.on`): events of the run per second (each of the K
//   consumers gets every one);
// - SSE encoding: the run's stamped events (recorded once) encoded as SSE messages with
//   `encodeSseEvents` (what `sendSse` and `sseResponse` write): events per second.
//
// Medians of samples after a JIT warm-up. Prints a table, or JSON with --json.
//   node bench/event-path.mjs [D] [--json]
import { EventHub, encodeSseEvents } from "@baton/events";
import { run, stream } from "@baton/loop";
import { median } from "./instant-agent.mjs";
import { instantTextModel } from "./instant-stream.mjs";

const deltas = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 20_000);

/** Samples `once()` (which resolves with the events it handled and its ms) for 1.5 s after 0.5 s of warm-up; median events/s. */
async function rate(once) {
  const warmEnd = performance.now() + 500;
  while (performance.now() < warmEnd) await once();
  const rates = [];
  const end = performance.now() + 1500;
  while (performance.now() < end || rates.length < 5) {
    const { events, ms } = await once();
    rates.push((events / ms) * 1000);
  }
  return median(rates);
}

async function viaStream() {
  const provider = instantTextModel(deltas);
  const start = performance.now();
  let events = 0;
  for await (const _event of stream({ provider, model: "instant", input: "go" })) events++;
  return { events, ms: performance.now() - start };
}

function viaHub(subscribers) {
  return async () => {
    const provider = instantTextModel(deltas);
    const start = performance.now();
    const hub = new EventHub({ replay: 0 });
    const counts = Array.from({ length: subscribers }, async () => {
      let events = 0;
      for await (const _event of hub.subscribe()) events++;
      return events;
    });
    await run({ provider, model: "instant", input: "go", sinks: [hub] });
    hub.close();
    const got = await Promise.all(counts);
    if (new Set(got).size !== 1) throw new Error(`subscriptions got different counts: ${got}`);
    return { events: got[0], ms: performance.now() - start };
  };
}

function viaCallbacks(callbacks) {
  return async () => {
    const provider = instantTextModel(deltas);
    const start = performance.now();
    const hub = new EventHub({ replay: 0 });
    const counts = new Array(callbacks).fill(0);
    for (let i = 0; i < callbacks; i++) hub.on(() => void counts[i]++);
    await run({ provider, model: "instant", input: "go", sinks: [hub] });
    hub.close();
    if (new Set(counts).size !== 1) throw new Error(`callbacks got different counts: ${counts}`);
    return { events: counts[0], ms: performance.now() - start };
  };
}

/** The stamped events of one run, as a sink receives them. */
async function recordedEvents() {
  const events = [];
  await run({ provider: instantTextModel(deltas), model: "instant", input: "go", onEvent: (event) => events.push(event) });
  return events;
}

const recorded = await recordedEvents();
async function encoding() {
  const start = performance.now();
  const text = encodeSseEvents(recorded);
  const ms = performance.now() - start;
  if (text.length === 0) throw new Error("nothing encoded");
  return { events: recorded.length, ms };
}

const rows = [
  ["stream() → for await", await rate(viaStream)],
  ["EventHub → 1 subscription", await rate(viaHub(1))],
  ["EventHub → 4 subscriptions (each gets every event)", await rate(viaHub(4))],
  ["EventHub → 4 callbacks (`hub.on`, each gets every event)", await rate(viaCallbacks(4))],
  ["SSE encoding (encodeSseEvents)", await rate(encoding)],
];
if (process.argv.includes("--json")) console.log(JSON.stringify({ deltas, rows: rows.map(([path, eventsPerSecond]) => ({ path, eventsPerSecond })) }));
else {
  console.log(`Event path, one run of ${deltas.toLocaleString("en")} text deltas (${(deltas + 6).toLocaleString("en")} events), medians:`);
  console.log("| path | events/s |");
  console.log("| ---- | -------- |");
  for (const [path, value] of rows) console.log(`| ${path} | ${(value / 1e6).toFixed(2)}M |`);
}
