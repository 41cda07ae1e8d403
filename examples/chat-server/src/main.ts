/**
 * Entry point: `npm start` (after `npm run build`). Starts the chat server on
 * `PORT` (default 3000) and prints its URL. `CHAT_SERVER_SPEED` scales the
 * scripted run's delays (default 1; 0 = instant). `HOST` is the interface (default
 * 127.0.0.1), `ALLOWED_HOSTS` more `Host` values to answer (comma-separated
 * `name:port`), `MAX_CONCURRENT_RUNS` the cap on runs going at once (default 8).
 * Ctrl-C stops it.
 */
import { createChatServer, DEFAULT_MAX_CONCURRENT_RUNS } from "./server.js";
import { defaultAllowedHosts } from "./http/request-guard.js";
import { SCRIPTED_MODEL_NOTICE } from "./agent/scripted/model-info.js";

const port = numberFromEnv("PORT", 3000);
const speed = numberFromEnv("CHAT_SERVER_SPEED", 1);
const host = process.env.HOST || "127.0.0.1";
const maxConcurrentRuns = numberFromEnv("MAX_CONCURRENT_RUNS", DEFAULT_MAX_CONCURRENT_RUNS);
// ALLOWED_HOSTS: more Host values to answer (comma-separated `name:port`), e.g. the LAN name when HOST=0.0.0.0.
const extraHosts = (process.env.ALLOWED_HOSTS ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
const server = await createChatServer({
  port,
  speed,
  host,
  maxConcurrentRuns: Math.max(1, Math.floor(maxConcurrentRuns)),
  ...(extraHosts.length > 0 ? { allowedHosts: [...defaultAllowedHosts(host, port), ...extraHosts] } : {}),
});
console.log(`Baton chat server listening on ${server.url}`);
console.log(SCRIPTED_MODEL_NOTICE);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a number >= 0, got ${JSON.stringify(raw)}.`);
    process.exit(2);
  }
  return value;
}
