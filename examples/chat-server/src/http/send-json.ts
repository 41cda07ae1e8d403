import type { ServerResponse } from "node:http";

/** Answers with `body` as JSON (no caching). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

/** Answers with the JSON error body `{ error: { code, message } }`. */
export function sendJsonError(res: ServerResponse, status: number, code: string, message: string, headers: Readonly<Record<string, string>> = {}): void {
  sendJson(res, status, { error: { code, message } }, headers);
}
