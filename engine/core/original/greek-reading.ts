// Greek read by rule: a word's letters with their marks, diphthongs and the modern reading's
// palatals and stress found, then each letter read through the tables of greek-sounds.ts.
import { Out, type Reading } from './readings.ts';
import {
  GREEK_VOWELS,
  DIPHTHONGS,
  SILENT_GREEK,
  VOICELESS,
  GREEK_OLD,
  DIPHTHONG_OLD,
  SUBSCRIPT_OLD,
  GREEK_MOD,
  MODERN_FRONT,
  DIPHTHONG_MOD,
} from './greek-sounds.ts';

/** A Greek letter with its marks. */
interface GreekLetter {
  base: string;
  upper: boolean;
  rough: boolean;
  accent: boolean;
  diaeresis: boolean;
  iotaSubscript: boolean;
}

/** A modern sound with what the stress mark needs to know. */
interface ModernSound {
  ipa: string;
  vowel: boolean;
  stressed: boolean;
}

function parseGreek(text: string, out: Out): GreekLetter[] {
  const letters: GreekLetter[] = [];
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const last = letters[letters.length - 1];
    if (GREEK_OLD[lower]) {
      letters.push({
        base: lower,
        upper: lower !== ch,
        rough: false,
        accent: false,
        diaeresis: false,
        iotaSubscript: false,
      });
    } else if (SILENT_GREEK.test(ch)) {
      // read, and silent
    } else if (!last) out.unread += ch;
    else if (ch === '\u0314') last.rough = true;
    else if (ch === '\u0313') {
      // smooth breathing (or koronis): no sound
    } else if (ch === '\u0301' || ch === '\u0300' || ch === '\u0342') last.accent = true;
    else if (ch === '\u0308') last.diaeresis = true;
    else if (ch === '\u0345' || ch === '\u1fbe') last.iotaSubscript = true;
    else out.unread += ch;
  }
  return letters;
}

/** Whether the sound that starts at letter i is a front vowel (e, i): it palatalizes γ κ χ in Modern Greek. */
function frontAt(letters: GreekLetter[], i: number): boolean {
  const l = letters[i];
  if (!l) return false;
  const pair = l.base + (letters[i + 1]?.base ?? '');
  if (DIPHTHONGS.has(pair) && !letters[i + 1].diaeresis) return pair !== 'ου' && pair !== 'αυ' && pair !== 'ωυ';
  return 'εηιυ'.includes(l.base);
}

export function greek(text: string): Reading {
  const out = new Out();
  const letters = parseGreek(text, out);
  const modern: ModernSound[] = [];
  const mod = (ipa: string, dic: string, vowel = false, stressed = false) => {
    modern.push({ ipa, vowel, stressed });
    out.dic_mod += dic;
  };
  for (let i = 0; i < letters.length; i++) {
    const l = letters[i];
    const next = letters[i + 1];
    if (GREEK_VOWELS.includes(l.base)) {
      const pair = l.base + (next?.base ?? '');
      const diphthong =
        !!next && DIPHTHONGS.has(pair) && !next.diaeresis && !l.accent && !l.rough && !l.diaeresis && !l.iotaSubscript;
      const rough = l.rough || (diphthong && next.rough);
      const stressed = l.accent || (diphthong && next.accent);
      if (rough) out.old('h', 'h', 'h');
      if (diphthong) {
        const [ipa, sbl, dic] = DIPHTHONG_OLD[pair];
        out.old(ipa, sbl, dic);
        if (next.base === 'υ' && l.base !== 'ο') {
          // αυ ευ ηυ: v before a vowel or voiced consonant, f before a voiceless one or at the end
          const after = letters[i + 2];
          const f = !after || VOICELESS.includes(after.base);
          const [v] = GREEK_MOD[l.base];
          mod(v, v === 'i' ? 'i' : l.base === 'ω' ? 'o' : v, true, stressed);
          mod(f ? 'f' : 'v', f ? 'f' : 'v');
        } else {
          const [ipa, dic] = DIPHTHONG_MOD[pair];
          mod(ipa, dic, true, stressed);
        }
        i++;
      } else if (l.iotaSubscript && SUBSCRIPT_OLD[l.base]) {
        const [ipa, sbl, dic] = SUBSCRIPT_OLD[l.base];
        out.old(ipa, sbl, dic);
        const [m, d] = GREEK_MOD[l.base];
        mod(m, d, true, stressed);
      } else {
        const [ipa, sbl, dic] = GREEK_OLD[l.base];
        out.old(ipa, sbl, dic);
        const [m, d] = GREEK_MOD[l.base];
        mod(m, d, true, stressed);
      }
      continue;
    }
    greekConsonant(out, letters, i, mod);
  }
  if (letters[0]?.upper) {
    out.sbl = capitalize(out.sbl);
    out.dic = capitalize(out.dic);
    out.dic_mod = capitalize(out.dic_mod);
  }
  out.ipa_mod = withStress(modern);
  return out.reading();
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function greekConsonant(
  out: Out,
  letters: GreekLetter[],
  i: number,
  mod: (ipa: string, dic: string, vowel?: boolean, stressed?: boolean) => void,
) {
  const l = letters[i];
  const next = letters[i + 1];
  const prev = letters[i - 1];
  const front = frontAt(letters, i + 1);
  // γ before γ κ ξ χ is the nasal ŋ (ἄγγελος angelos)
  if (l.base === 'γ' && next && 'γκξχ'.includes(next.base)) {
    out.old('ŋ', 'n', 'n');
    const initial = i === 0;
    if (!(initial && next.base === 'κ')) mod(frontAt(letters, i + 2) && next.base !== 'ξ' ? 'ɲ' : 'ŋ', 'n');
    return;
  }
  const [ipa, sbl, dic] = GREEK_OLD[l.base];
  if (l.base === 'ρ' && l.rough) out.old('r̥', 'rh', 'rh');
  else out.old(ipa, sbl, dic);
  // after the nasal γ: γγ and γκ are g (ɟ before e, i)
  if (prev?.base === 'γ' && (l.base === 'γ' || l.base === 'κ')) return mod(front ? 'ɟ' : 'ɡ', 'g');
  // Modern Greek says a doubled consonant once
  if (prev && prev.base === l.base) return;
  if (l.base === 'π' && prev?.base === 'μ') return mod('b', 'b');
  if (l.base === 'τ' && prev?.base === 'ν') return mod('d', 'd');
  if (l.base === 'σ' && next && 'βγδμ'.includes(next.base)) return mod('z', 'z');
  const palatal = front ? MODERN_FRONT[l.base] : undefined;
  const [m, d] = palatal ?? GREEK_MOD[l.base];
  mod(m, d);
}

/** The modern IPA with ˈ before the stressed syllable (not in a word of one syllable): the onset is the
 *  consonant before the stressed vowel, with a stop or fricative before ρ/λ, or σ before a stop. */
function withStress(sounds: ModernSound[]): string {
  const nuclei = sounds.filter((s) => s.vowel).length;
  const at = sounds.findIndex((s) => s.stressed);
  if (nuclei < 2 || at < 0) return sounds.map((s) => s.ipa).join('');
  let start = at;
  if (start > 0 && !sounds[start - 1].vowel) {
    start--;
    const first = sounds[start - 1];
    const second = sounds[start];
    if (
      first &&
      !first.vowel &&
      ((/^[rl]$/.test(second.ipa) && !/^[rlmnŋɲ]$/.test(first.ipa)) ||
        (/^[sz]$/.test(first.ipa) && /^[ptkcθfx]$/.test(second.ipa)))
    )
      start--;
  }
  return sounds.map((s, k) => (k === start ? 'ˈ' : '') + s.ipa).join('');
}
