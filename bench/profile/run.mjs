#!/usr/bin/env node
// Where a run's time and bytes go. Each scenario (scenarios.mjs: the peer harness's
// Baton runs) is profiled in a fresh `node --expose-gc` process (profile-scenario.mjs),
// and printed as Markdown tables in a fixed format, so two outputs compare line by line:
//
//   ## <scenario>: <description>
//   wall µs / run, CPU µs / run, bytes allocated / run (and per unit: iteration, delta, turn)
//   ### CPU by package          | µs / run | µs / <unit> | share | package |
//   ### CPU by function (top N) | µs / run | µs / <unit> | share | function | where |
//   ### allocated by package    | bytes / run | bytes / <unit> | share | package |
//   ### allocated by function   | bytes / run | bytes / <unit> | share | function | where |
//   ### held in flight by kind  | bytes / run | objects / run | share | kind |   (three-tools)
//
// With --against, each table gets a "before" column read from an earlier --save.
//
//   node bench/profile/run.mjs [--scenario turn,loop-10,stream,three-tools] [--top 12]
//                              [--seconds 2] [--save file.json] [--against file.json] [--json]
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const ALL = ["turn", "loop-10", "stream", "three-tools"];

function parseArgs(argv) {
  const options = { scenarios: ALL, top: 12, seconds: 2, save: undefined, against: undefined, json: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--scenario") options.scenarios = value().split(",");
    else if (flag === "--top") options.top = Number(value());
    else if (flag === "--seconds") options.seconds = Number(value());
    else if (flag === "--save") options.save = value();
    else if (flag === "--against") options.against = value();
    else if (flag === "--json") options.json = true;
    else throw new Error(`unknown option ${argv[i]}: --scenario ${ALL.join(",")} --top N --seconds S --save F --against F --json`);
  }
  for (const name of options.scenarios) if (!ALL.includes(name)) throw new Error(`unknown scenario ${name}: ${ALL.join(", ")}`);
  return options;
}

const options = parseArgs(process.argv.slice(2));
const machine = `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model?.trim() ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()[0].toFixed(1)}`;
const results = options.scenarios.map((name) =>
  JSON.parse(
    execFileSync(process.execPath, ["--expose-gc", join(here, "profile-scenario.mjs"), name, "--seconds", String(options.seconds)], {
      encoding: "utf8",
      maxBuffer: 256 * 2 ** 20,
    }),
  ),
);
const saved = { machine, date: new Date().toISOString(), results };
if (options.save) writeFileSync(options.save, `${JSON.stringify(saved)}\n`);
if (options.json) {
  console.log(JSON.stringify(saved, null, 2));
  process.exit(0);
}
const before = options.against ? JSON.parse(readFileSync(options.against, "utf8")) : undefined;

const fixed = (value, digits) => value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const us = (value) => fixed(value, value < 10 ? 2 : 1);
const bytes = (value) => fixed(value, value < 10 ? 1 : 0);
const share = (part, whole) => `${fixed((100 * part) / whole, 1)} %`;
/** The same row in the earlier result (a function is matched by name and file, not line). */
const withoutLine = (where) => where.replace(/:\d+$/, "");

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const out = [`Profile: ${machine}; ${options.seconds} s of CPU profile and ${options.seconds / 2} s of allocation profile per scenario, after a 1 s warm-up`];
for (const result of results) {
  const old = before?.results.find((r) => r.scenario === result.scenario);
  const { cpu, allocations, held, unit, unitsPerRun } = result;
  const perUnit = (value) => value / unitsPerRun;
  out.push("", `## ${result.scenario}: ${result.description}`, "");
  const summary = [
    [
      "wall time",
      `${us(cpu.wallUsPerRun)} µs / run`,
      `${us(perUnit(cpu.wallUsPerRun))} µs / ${unit}`,
      old ? `${us(old.cpu.wallUsPerRun)} µs / run` : undefined,
    ],
    ["CPU time", `${us(cpu.cpuUsPerRun)} µs / run`, `${us(perUnit(cpu.cpuUsPerRun))} µs / ${unit}`, old ? `${us(old.cpu.cpuUsPerRun)} µs / run` : undefined],
    [
      "allocated",
      `${bytes(allocations.bytesPerRun)} B / run`,
      `${bytes(perUnit(allocations.bytesPerRun))} B / ${unit}`,
      old ? `${bytes(old.allocations.bytesPerRun)} B / run` : undefined,
    ],
  ];
  if (held) summary.push(["held in flight", `${bytes(held.bytesPerRun)} B / run`, "", old?.held ? `${bytes(old.held.bytesPerRun)} B / run` : undefined]);
  out.push(
    table(
      ["measure", "per run", `per ${unit}`, ...(old ? ["before"] : [])],
      summary.map((row) => row.filter((c) => c !== undefined)),
    ),
  );

  const section = (title, rows, { value, format, label, key, oldRows }) => {
    const total = rows.reduce((sum, row) => sum + row[value], 0);
    const oldByKey = new Map((oldRows ?? []).map((row) => [key(row), row[value]]));
    const header = [
      `${label} / run`,
      `${label} / ${unit}`,
      "share",
      ...(title.includes("function") ? ["function", "where"] : [title.includes("kind") ? "kind" : "package"]),
    ];
    if (oldRows) header.push("before / run");
    const lines = rows.slice(0, options.top).map((row) => {
      const cells = [format(row[value]), format(perUnit(row[value])), share(row[value], total)];
      if (title.includes("function")) cells.push(row.function, row.where);
      else cells.push(row.kind ?? row.package);
      if (oldRows) cells.push(oldByKey.has(key(row)) ? format(oldByKey.get(key(row))) : "—");
      return cells;
    });
    out.push("", `### ${title}`, "", table(header, lines));
  };
  const fnKey = (row) => `${row.function} ${withoutLine(row.where)}`;
  section("CPU by package", cpu.packages, { value: "usPerRun", format: us, label: "µs", key: (r) => r.package, oldRows: old?.cpu.packages });
  section(`CPU by function (top ${options.top})`, cpu.functions, { value: "usPerRun", format: us, label: "µs", key: fnKey, oldRows: old?.cpu.functions });
  section("allocated by package", allocations.packages, {
    value: "bytesPerRun",
    format: bytes,
    label: "bytes",
    key: (r) => r.package,
    oldRows: old?.allocations.packages,
  });
  section(`allocated by function (top ${options.top})`, allocations.functions, {
    value: "bytesPerRun",
    format: bytes,
    label: "bytes",
    key: fnKey,
    oldRows: old?.allocations.functions,
  });
  if (held) {
    const rows = held.kinds.map((row) => ({ ...row }));
    const total = held.bytesPerRun;
    const oldByKind = new Map((old?.held?.kinds ?? []).map((row) => [row.kind, row.bytesPerRun]));
    const header = ["bytes / run", "objects / run", "share", "kind", ...(old?.held ? ["before / run"] : [])];
    const lines = rows
      .slice(0, options.top)
      .map((row) => [
        bytes(row.bytesPerRun),
        fixed(row.objectsPerRun, 1),
        share(row.bytesPerRun, total),
        row.kind,
        ...(old?.held ? [oldByKind.has(row.kind) ? bytes(oldByKind.get(row.kind)) : "—"] : []),
      ]);
    out.push("", `### held in flight by kind (${fixed(held.runs, 0)} runs waiting in tool b; backing stores with their owners)`, "", table(header, lines));
  }
}
console.log(out.join("\n"));
