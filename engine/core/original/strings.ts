// A string table from a pack: one UTF-8 blob decoded once, plus each string's UTF-16 length, summed here
// into offsets so a lookup is one substring.

export type StringTable = (index: number) => string;

/** A pack holding one string table: its text, and each string's UTF-16 length. */
export interface StringTablePack {
  readonly name: string;
  readonly text: (section: 'stringsText') => string;
  readonly u16: (section: 'stringsLength') => Uint16Array;
}

export function loadStrings(pack: StringTablePack): StringTable {
  const text = pack.text('stringsText');
  const lengths = pack.u16('stringsLength');
  const starts = new Uint32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) starts[i + 1] = starts[i] + lengths[i];
  if (starts[lengths.length] !== text.length)
    throw new Error(`pack '${pack.name}': string table does not match its lengths`);
  // Slices are made on first use and kept: a verse's words are mostly repeats.
  const cache: (string | undefined)[] = new Array(lengths.length);
  return (i) => (cache[i] ??= text.slice(starts[i], starts[i + 1]));
}
