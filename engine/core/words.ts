// The one word rule shared by GetWords and every word count: a word is a run of characters between
// whitespace that holds at least one letter or digit; punctuation stays on its word ("earth.").
// So KJV Genesis 1:1 has 10 words, and YLT's free-standing "--" is not a word.

const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const token of text.split(/\s+/)) if (token && HAS_WORD_CHARACTER.test(token)) words.push(token);
  return words;
}

export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (token && HAS_WORD_CHARACTER.test(token)) count++;
  return count;
}
