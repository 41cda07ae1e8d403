import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import type { ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { HttpError } from "./http-error.js";

/** Content types of the files the server hands out; any other extension is refused. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * Sends the file at `relativePath` inside `root`. Paths that leave `root`
 * (`..`, absolute paths), unknown extensions and missing files are a 404
 * {@link HttpError}, so nothing outside `root` can be read.
 */
export async function sendStaticFile(res: ServerResponse, root: string, relativePath: string): Promise<void> {
  const base = resolve(root);
  const file = resolve(base, `.${sep}${relativePath}`);
  const type = CONTENT_TYPES[extname(file)];
  if (!file.startsWith(base + sep) || type === undefined || relativePath.includes("\0")) throw notFound(relativePath);
  const info = await stat(file).catch(() => undefined);
  if (info === undefined || !info.isFile()) throw notFound(relativePath);
  res.writeHead(200, { "content-type": type, "content-length": info.size, "cache-control": "no-cache" });
  try {
    await pipeline(createReadStream(file), res);
  } catch (error) {
    // The client went away before the file was sent: nothing to answer, nothing to log.
    if ((error as { code?: unknown }).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
  }
}

function notFound(path: string): HttpError {
  return new HttpError(404, "NOT_FOUND", `No file ${JSON.stringify(path.slice(0, 200))}.`);
}
