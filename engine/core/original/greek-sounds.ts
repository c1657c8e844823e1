// The sounds of Greek letters and diphthongs, as tables: the scholarly and the modern reading of each.
// The rules that choose among them are in greek-reading.ts.

export const GREEK_VOWELS = 'αεηιουω';
export const DIPHTHONGS = new Set(['αι', 'ει', 'οι', 'υι', 'αυ', 'ευ', 'ηυ', 'ου', 'ωυ']);
/** Punctuation and marks that carry no sound: , . ; · ; [ ] ’ ᾽ space, and the nomen sacrum overline. */
export const SILENT_GREEK = /^(?:[\s,.;·\u0387\u037e[\]\u2019'\u1fbd]|\u0305)$/;
export const VOICELESS = 'θκξπσςτφχψ';

/** letter -> [ipa, sbl, dic] of the scholarly reading */
export const GREEK_OLD: Record<string, readonly [string, string, string]> = {
  α: ['a', 'a', 'a'],
  β: ['b', 'b', 'b'],
  γ: ['ɡ', 'g', 'g'],
  δ: ['d', 'd', 'd'],
  ε: ['e', 'e', 'e'],
  ζ: ['zd', 'z', 'z'],
  η: ['ɛ', 'e', 'e'],
  θ: ['tʰ', 'th', 'th'],
  ι: ['i', 'i', 'i'],
  κ: ['k', 'k', 'k'],
  λ: ['l', 'l', 'l'],
  μ: ['m', 'm', 'm'],
  ν: ['n', 'n', 'n'],
  ξ: ['ks', 'x', 'x'],
  ο: ['o', 'o', 'o'],
  π: ['p', 'p', 'p'],
  ρ: ['r', 'r', 'r'],
  σ: ['s', 's', 's'],
  ς: ['s', 's', 's'],
  τ: ['t', 't', 't'],
  υ: ['y', 'y', 'u'],
  φ: ['pʰ', 'ph', 'ph'],
  χ: ['kʰ', 'ch', 'ch'],
  ψ: ['ps', 'ps', 'ps'],
  ω: ['ɔ', 'o', 'o'],
};
export const DIPHTHONG_OLD: Record<string, readonly [string, string, string]> = {
  αι: ['ai', 'ai', 'ai'],
  ει: ['ei', 'ei', 'ei'],
  οι: ['oi', 'oi', 'oi'],
  υι: ['yi', 'ui', 'ui'],
  αυ: ['au', 'au', 'au'],
  ευ: ['eu', 'eu', 'eu'],
  ηυ: ['ɛu', 'eu', 'eu'],
  ου: ['u', 'ou', 'ou'],
  ωυ: ['ɔu', 'ou', 'ou'],
};
/** ᾳ ῃ ῳ: [ipa, sbl, dic] */
export const SUBSCRIPT_OLD: Record<string, readonly [string, string, string]> = {
  α: ['ai', 'ą', 'a'],
  η: ['ɛi', 'ę', 'e'],
  ω: ['ɔi', 'ǫ', 'o'],
};
/** modern: [ipa, dic] of a letter; palatal forms before front vowels in MODERN_FRONT */
export const GREEK_MOD: Record<string, readonly [string, string]> = {
  α: ['a', 'a'],
  β: ['v', 'v'],
  γ: ['ɣ', 'g'],
  δ: ['ð', 'dh'],
  ε: ['e', 'e'],
  ζ: ['z', 'z'],
  η: ['i', 'i'],
  θ: ['θ', 'th'],
  ι: ['i', 'i'],
  κ: ['k', 'k'],
  λ: ['l', 'l'],
  μ: ['m', 'm'],
  ν: ['n', 'n'],
  ξ: ['ks', 'x'],
  ο: ['o', 'o'],
  π: ['p', 'p'],
  ρ: ['r', 'r'],
  σ: ['s', 's'],
  ς: ['s', 's'],
  τ: ['t', 't'],
  υ: ['i', 'i'],
  φ: ['f', 'f'],
  χ: ['x', 'ch'],
  ψ: ['ps', 'ps'],
  ω: ['o', 'o'],
};
export const MODERN_FRONT: Record<string, readonly [string, string]> = { γ: ['ʝ', 'y'], κ: ['c', 'k'], χ: ['ç', 'ch'] };
export const DIPHTHONG_MOD: Record<string, readonly [string, string]> = {
  αι: ['e', 'e'],
  ει: ['i', 'i'],
  οι: ['i', 'i'],
  υι: ['i', 'i'],
  ου: ['u', 'ou'],
};
