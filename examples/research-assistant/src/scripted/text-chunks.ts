/**
 * Splits a text into about `count` chunks at word boundaries, so a scripted answer
 * streams like a model's. Joining the chunks gives the text back.
 *
 * @example textChunks("one two three four", 2) // ["one two ", "three four"]
 */
export function textChunks(text: string, count = 5): string[] {
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / count));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(""));
  return chunks;
}
