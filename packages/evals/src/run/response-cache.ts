import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ModelProvider, ModelRequest, ModelStreamPart } from "@baton/core";
import { providerWithStream } from "../recording/provider-with-stream.js";
import { recordedRequestOf } from "../recording/recorded-request.js";

/** A model response as the cache keeps it: the parts the provider streamed. */
export interface CachedResponse {
  readonly parts: readonly ModelStreamPart[];
}

/** Where an eval keeps model responses by request: in memory, in a folder, or your own store. */
export interface ResponseCache {
  /** The response kept under `key`, or `undefined`. */
  get(key: string): Promise<CachedResponse | undefined>;
  /** Keeps `response` under `key`. */
  set(key: string, response: CachedResponse): Promise<void>;
}

/** A cache in memory: one eval's repeated requests, or several evals in one process. */
export function memoryResponseCache(): ResponseCache {
  const responses = new Map<string, CachedResponse>();
  return {
    get: async (key) => responses.get(key),
    set: async (key, response) => {
      responses.set(key, response);
    },
  };
}

/**
 * A cache in a folder, one JSON file per request (`<dir>/<key>.json`), created when
 * missing: keep it between runs (or in CI's cache) so that re-running an unchanged eval
 * calls no model. A file is written whole under another name, then renamed.
 */
export function fileResponseCache(dir: string): ResponseCache {
  let made: Promise<unknown> | undefined;
  return {
    async get(key) {
      try {
        return JSON.parse(await readFile(join(dir, `${key}.json`), "utf8")) as CachedResponse;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async set(key, response) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      const file = join(dir, `${key}.json`);
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(partial, JSON.stringify(response));
      await rename(partial, file);
    },
  };
}

/**
 * The key of a request in the cache: a SHA-256 of the provider's id, the request as a
 * recording keeps it (model, messages, tools, settings) and the sample's number, so
 * that each repeat of a case is a sample of its own.
 */
export function responseCacheKey(providerId: string, request: ModelRequest, sample: number): string {
  return createHash("sha256")
    .update(JSON.stringify([providerId, recordedRequestOf(request), sample]))
    .digest("hex");
}

/** How many model calls an eval served from its cache and how many it sent to the provider. */
export interface CacheCounts {
  hits: number;
  misses: number;
}

/**
 * `provider` behind `cache`: a request seen before (for this sample) is answered from
 * the cache, another goes to the provider and, when it completes, is kept. A failed call
 * is not kept.
 */
export function cachedProvider(provider: ModelProvider, cache: ResponseCache, sample: number, counts: CacheCounts): ModelProvider {
  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const key = responseCacheKey(provider.id, request, sample);
    const cached = await cache.get(key);
    if (cached) {
      counts.hits++;
      for (const part of cached.parts) {
        request.signal?.throwIfAborted();
        yield part;
      }
      return;
    }
    counts.misses++;
    const parts: ModelStreamPart[] = [];
    for await (const part of provider.stream(request)) {
      parts.push(part);
      yield part;
    }
    await cache.set(key, { parts });
  }
  return providerWithStream(provider, stream);
}
