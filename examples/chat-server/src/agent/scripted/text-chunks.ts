/**
 * Splits a text into chunks of about `wordsPerChunk` words, so a scripted answer
 * streams like a model's. Joining the chunks gives the text back.
 *
 * @example textChunks("one two three four", 2) // ["one two ", "three four"]
 */
export function textChunks(text: string, wordsPerChunk = 3): string[] {
  const words = text.split(/(?<=\s)/);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) chunks.push(words.slice(i, i + wordsPerChunk).join(""));
  return chunks;
}
