import type { ImagePart } from "@baton/core";

/** OpenAI's image detail levels: `low` is a flat 85 tokens, `high` is costed by 512-pixel tiles. */
export type ImageDetail = "low" | "high";

/** The size assumed for an image whose `width`/`height` are not set: 1024×1024, which costs 765 tokens at high detail. */
export const DEFAULT_IMAGE_SIZE = { width: 1024, height: 1024 } as const;

const BASE_TOKENS = 85;
const TILE_TOKENS = 170;
const TILE = 512;

/**
 * Tokens of an image by OpenAI's size rule (gpt-4o, gpt-4.1, gpt-5 and o-series vision
 * pricing): at `low` detail, 85. At `high` detail the image is scaled to fit in
 * 2048×2048, then scaled down so its shortest side is at most 768; the cost is
 * 85 + 170 × the number of 512×512 tiles that cover it.
 *
 * @example openAIImageTokens(1024, 1024, "high") // 765 (768×768: 4 tiles)
 * @example openAIImageTokens(2048, 4096, "high") // 1105 (768×1536: 6 tiles)
 */
export function openAIImageTokens(width: number, height: number, detail: ImageDetail = "high"): number {
  if (detail === "low") return BASE_TOKENS;
  let w = width;
  let h = height;
  if (w > 2048 || h > 2048) {
    const scale = 2048 / Math.max(w, h);
    w *= scale;
    h *= scale;
  }
  const shortest = Math.min(w, h);
  if (shortest > 768) {
    const scale = 768 / shortest;
    w *= scale;
    h *= scale;
  }
  const tiles = Math.ceil(Math.floor(w) / TILE) * Math.ceil(Math.floor(h) / TILE);
  return BASE_TOKENS + TILE_TOKENS * tiles;
}

/** Tokens of an image part: its own size when set, else {@link DEFAULT_IMAGE_SIZE}. */
export function imagePartTokens(part: ImagePart, detail: ImageDetail): number {
  const width = part.width ?? DEFAULT_IMAGE_SIZE.width;
  const height = part.height ?? DEFAULT_IMAGE_SIZE.height;
  return openAIImageTokens(width, height, detail);
}
