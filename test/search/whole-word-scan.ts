// The search tests' own reading of the exact rule, written apart from the engine's (isWholeWordAt) so
// that the two can be checked against each other: in a normalised text, a whole word has a space or the
// text's edge before it, and a space, an apostrophe or the edge after it.
export function hasWholeWord(text: string, query: string): boolean {
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + 1)) {
    const end = at + query.length;
    if ((at === 0 || text[at - 1] === ' ') && (end === text.length || text[end] === ' ' || text[end] === "'"))
      return true;
  }
  return false;
}
