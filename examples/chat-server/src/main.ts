/**
 * Entry point: `npm start` (after `npm run build`). Starts the chat server on
 * `PORT` (default 3000) and prints its URL. `CHAT_SERVER_SPEED` scales the
 * scripted run's delays (default 1; 0 = instant). Ctrl-C stops it.
 */
import { createChatServer } from "./server.js";
import { SCRIPTED_MODEL_NOTICE } from "./agent/scripted/model-info.js";

const port = numberFromEnv("PORT", 3000);
const speed = numberFromEnv("CHAT_SERVER_SPEED", 1);
const server = await createChatServer({ port, speed, ...(process.env.HOST ? { host: process.env.HOST } : {}) });
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
