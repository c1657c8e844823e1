// Text matching shared by every operation that asks "does this verse contain the word": case-,
// accent- and vowel-mark-insensitive. The search packs use the same normaliser.

/** Folds case, removes combining marks (accents, Arabic harakat), unifies Arabic letter variants. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627') // alef with madda/hamza/wasla -> bare alef
    .replace(/\u0649/g, '\u064a') // alef maqsura -> yeh
    .replace(/\u0629/g, '\u0647') // teh marbuta -> heh
    .toLowerCase();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A predicate: does the text contain the words of the query as a whole-word phrase? */
export function wholeWordMatcher(query: string): (text: string) => boolean {
  const words = normalizeText(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return () => false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escape).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'u');
  return (text) => pattern.test(normalizeText(text));
}
