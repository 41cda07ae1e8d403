#!/usr/bin/env node
// The chaos trials in bulk (issue 24): seeded trials of agent runs while faults are
// injected at seeded random times — storage writes failing, hanging or losing their
// reply (memory and SQLite storage), a private Redis killed with `kill -9` and
// restarted or paused with SIGSTOP (Redis storage), PostgreSQL connections cut or
// refused through a TCP relay, provider 5xx and stalled or cut streams, a child
// process killed mid-batch and its runs resumed by another, and the queue with two
// worker processes (workers killed, the queue's Redis killed and paused, clients
// reconnecting with Last-Event-ID). Every trial's history is checked (tests/chaos:
// a `once` call executed twice, a run lost or not completed once the faults healed, a
// client stream with a gap, a duplicate or a second run-end, a process that does not
// settle, a secret in any output). The trials are those of the test suite
// (tests/chaos/src), with the `bench` profile: tools of up to a few hundred ms.
//
//   node bench/chaos.mjs [--trials 2000] [--kinds memory-storage,redis-server,...]
//     [--seed S] [--concurrency 4] [--profile bench|ci] [--json]
//
// Prints a table per fault kind: trials, runs, tool calls, in-doubt calls decided and
// settle time p50/p95 (from the faults healing to every run ended), then every
// violation with the seed that reruns its trial (`CHAOS_SEED=<seed>` in the suite, or
// `--seed <seed> --trials 1` here with a trial seed). Exits 1 on any violation.
// Needs a build (`node scripts/pnpm.mjs exec turbo run build --filter=@baton/chaos-tests...`),
// redis-server installed, and PostgreSQL at 127.0.0.1:5432 for its kind
// (BATON_TEST_POSTGRES_URL for another).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { killAllChildren } from "../tests/chaos/src/child-process.mjs";
import { postgresUnreachableReason } from "../tests/chaos/src/postgres-service.mjs";
import { FAULT_KINDS, kindOfSeed, trialSeeds } from "../tests/chaos/src/seeded-random.mjs";
import { PROFILES, runTrial } from "../tests/chaos/src/trial-kinds.mjs";
import { summariseTrials, violationReport } from "../tests/chaos/src/trial-report.mjs";

/** Each kind's share of the trials, and how many of its trials run at once. */
const MIX = {
  "memory-storage": { share: 0.35, concurrency: 12 },
  "sqlite-storage": { share: 0.175, concurrency: 10 },
  "redis-server": { share: 0.15, concurrency: 6 },
  "postgres-relay": { share: 0.125, concurrency: 4 },
  provider: { share: 0.14, concurrency: 10 },
  crash: { share: 0.04, concurrency: 3 },
  queue: { share: 0.02, concurrency: 2 },
};

const { values } = parseArgs({
  options: {
    trials: { type: "string", default: "2000" },
    kinds: { type: "string" },
    seed: { type: "string" },
    concurrency: { type: "string" },
    profile: { type: "string", default: "bench" },
    json: { type: "boolean", default: false },
  },
});
const total = Number(values.trials);
const base = values.seed === undefined ? Math.floor(Math.random() * 1_000_000_000) : Number(values.seed);
const profile = PROFILES[values.profile];
if (!profile) throw new Error(`Unknown profile ${values.profile} (bench or ci).`);
let kinds = values.kinds ? values.kinds.split(",").map((kind) => kind.trim()) : Object.keys(MIX).filter((kind) => kind in FAULT_KINDS);
for (const kind of kinds) if (!(kind in MIX)) throw new Error(`Unknown fault kind ${kind}; the kinds: ${Object.keys(MIX).join(", ")}.`);

// A single trial seed (it ends with its kind's digit) with --trials 1 reruns exactly that trial.
const single = values.seed !== undefined && total === 1 && kindOfSeed(base) !== undefined && (values.kinds === undefined || kinds.includes(kindOfSeed(base)));
if (single) kinds = [kindOfSeed(base)];
const postgresDown = kinds.includes("postgres-relay") ? await postgresUnreachableReason() : undefined;
if (postgresDown) {
  console.error(`Leaving out postgres-relay: ${postgresDown}.`);
  kinds = kinds.filter((kind) => kind !== "postgres-relay");
}
const shares = kinds.reduce((sum, kind) => sum + MIX[kind].share, 0);
const plan = kinds.map((kind, i) => {
  const count = single
    ? 1
    : i === kinds.length - 1
      ? total - kinds.slice(0, -1).reduce((sum, k) => sum + Math.round((total * MIX[k].share) / shares), 0)
      : Math.round((total * MIX[kind].share) / shares);
  return { kind, seeds: single ? [base] : trialSeeds(kind, count, base) };
});

const dir = mkdtempSync(join(tmpdir(), "baton-chaos-bench-"));
const started = Date.now();
const results = new Map(kinds.map((kind) => [kind, []]));
const failures = [];
if (!values.json)
  console.log(`chaos: ${plan.reduce((sum, p) => sum + p.seeds.length, 0)} trials, base seed ${base}, profile ${values.profile}, kinds ${kinds.join(", ")}`);
try {
  // Kinds one after the other, each with its own concurrency (a kind's trials share nothing but the machine).
  for (const { kind, seeds } of plan) {
    const kindStarted = Date.now();
    let next = 0;
    const concurrency = Number(values.concurrency ?? MIX[kind].concurrency);
    const worker = async () => {
      while (next < seeds.length) {
        const seed = seeds[next++];
        let result;
        try {
          result = await runTrial(seed, { dir, profile });
        } catch (error) {
          result = {
            kind,
            seed,
            runs: 0,
            toolCalls: 0,
            executions: 0,
            decided: 0,
            settleMs: 0,
            durationMs: 0,
            violations: [{ rule: "trial-failed", detail: String(error?.stack ?? error) }],
          };
        }
        results.get(kind).push(result);
        if (result.violations.length > 0) failures.push(violationReport(result));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    if (!values.json) {
      const s = summariseTrials(results.get(kind));
      console.log(`  ${kind}: ${s.trials} trials in ${((Date.now() - kindStarted) / 1000).toFixed(0)} s, ${s.violations} violations`);
    }
  }
} finally {
  await killAllChildren();
  rmSync(dir, { recursive: true, force: true });
}

const rows = kinds.map((kind) => ({ kind, ...summariseTrials(results.get(kind)) }));
const all = summariseTrials([...results.values()].flat());
if (values.json) {
  console.log(JSON.stringify({ base, profile: values.profile, seconds: Math.round((Date.now() - started) / 1000), kinds: rows, total: all, failures }));
} else {
  const header = "| fault kind | trials | runs | tool calls | executions | in-doubt calls decided | settle p50 | settle p95 | violations |";
  const line = (r) =>
    `| ${r.kind} | ${r.trials} | ${r.runs} | ${r.toolCalls} | ${r.executions} | ${r.decided} | ${r.settleP50} ms | ${r.settleP95} ms | ${r.violations}${r.failedTrials ? ` (${r.failedTrials} trials)` : ""} |`;
  console.log("");
  for (const row of rows) console.log([header, "| --- | --: | --: | --: | --: | --: | --: | --: | --: |", line(row), ""].join("\n"));
  console.log([header, "| --- | --: | --: | --: | --: | --: | --: | --: | --: |", line({ kind: "all", ...all })].join("\n"));
  console.log(`\n${all.trials} trials in ${((Date.now() - started) / 1000).toFixed(0)} s (base seed ${base}), ${all.violations} violations.`);
  for (const failure of failures) console.log(`\n${failure}`);
}
process.exit(all.violations > 0 ? 1 : 0);
