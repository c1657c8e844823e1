// Digits and marks that other scripts and input methods type for ASCII ones, read as those: the citation
// reader and the numeric parameters (bookId=４３, verseId=٤٣٠٠٣٠١٦) read them alike.

/**
 * Digits and marks other scripts type for ASCII ones: Arabic-Indic and Persian digits ("يوحنا ٣:١٦"), and
 * the full-width forms of CJK input methods: digits and punctuation ("John ３：１６", "John 3:16，17",
 * "John 3．16", "（John 3:16）") and letters ("Ｊｏｈｎ ３：１６"), with the ideographic space, comma and full
 * stop ("John　3:16、17。"). Each is one UTF-16 unit, as its ASCII form is, so offsets into the text stay
 * right.
 */
const OTHER_FORM = /[\u0660-\u0669\u06f0-\u06f9\uff01-\uff5e\u3000-\u3002]/;
const OTHER_FORMS = /[\u0660-\u0669\u06f0-\u06f9\uff01-\uff5e\u3000-\u3002]/g;
const asciiForm = (ch: string): string => {
  const c = ch.charCodeAt(0);
  // The ideographic space is the full-width one: "John　3:16" is a name and a number, as "John 3:16" is.
  if (c === 0x3000) return ' ';
  if (c === 0x3001) return ',';
  if (c === 0x3002) return '.';
  // The full-width forms U+FF01-FF5E sit 0xFEE0 above their ASCII ones.
  return c >= 0xff00 ? String.fromCharCode(c - 0xfee0) : String(c & 15);
};
/** The text with those forms read as ASCII: what the citation operations and the numeric parameters read. */
export const asciiForms = (text: string): string =>
  OTHER_FORM.test(text) ? text.replace(OTHER_FORMS, asciiForm) : text;
