// A string table from a pack: one UTF-8 blob decoded once, plus each string's UTF-16 length, summed here
// into offsets so a lookup is one substring.
import type { Pack } from '../pack/reader.ts';

export type StringTable = (index: number) => string;

export function loadStrings(pack: Pack, prefix: string): StringTable {
  const text = pack.text(`${prefix}Text`);
  const lengths = pack.u16(`${prefix}Length`);
  const starts = new Uint32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) starts[i + 1] = starts[i] + lengths[i];
  if (starts[lengths.length] !== text.length) throw new Error(`pack '${pack.name}': string table ${prefix} does not match its lengths`);
  // Slices are made on first use and kept: a verse's words are mostly repeats.
  const cache: (string | undefined)[] = new Array(lengths.length);
  return (i) => cache[i] ??= text.slice(starts[i], starts[i + 1]);
}
