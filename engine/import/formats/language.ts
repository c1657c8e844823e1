// A language code a file gives, as a BCP 47 tag: BCP 47 takes the two-letter ISO 639-1 code where a
// language has one, so the three-letter ISO 639-2 (bibliographic or terminology) and ISO 639-3 codes some
// formats write ("ENG", "GER", "deu") become "en", "de"; subtags keep BCP 47's case ("zh-Hant-TW").

/** ISO 639-1 code, then its ISO 639-2 code, and the bibliographic one after "/" where the two differ. */
const ISO_639_PAIRS =
  'aa:aar ab:abk ae:ave af:afr ak:aka am:amh an:arg ar:ara as:asm av:ava ay:aym az:aze ba:bak be:bel ' +
  'bg:bul bi:bis bm:bam bn:ben bo:bod/tib br:bre bs:bos ca:cat ce:che ch:cha co:cos cr:cre cs:ces/cze ' +
  'cu:chu cv:chv cy:cym/wel da:dan de:deu/ger dv:div dz:dzo ee:ewe el:ell/gre en:eng eo:epo es:spa ' +
  'et:est eu:eus/baq fa:fas/per ff:ful fi:fin fj:fij fo:fao fr:fra/fre fy:fry ga:gle gd:gla gl:glg ' +
  'gn:grn gu:guj gv:glv ha:hau he:heb hi:hin ho:hmo hr:hrv ht:hat hu:hun hy:hye/arm hz:her ia:ina ' +
  'id:ind ie:ile ig:ibo ii:iii ik:ipk io:ido is:isl/ice it:ita iu:iku ja:jpn jv:jav ka:kat/geo kg:kon ' +
  'ki:kik kj:kua kk:kaz kl:kal km:khm kn:kan ko:kor kr:kau ks:kas ku:kur kv:kom kw:cor ky:kir la:lat ' +
  'lb:ltz lg:lug li:lim ln:lin lo:lao lt:lit lu:lub lv:lav mg:mlg mh:mah mi:mri/mao mk:mkd/mac ml:mal ' +
  'mn:mon mr:mar ms:msa/may mt:mlt my:mya/bur na:nau nb:nob nd:nde ne:nep ng:ndo nl:nld/dut nn:nno ' +
  'no:nor nr:nbl nv:nav ny:nya oc:oci oj:oji om:orm or:ori os:oss pa:pan pi:pli pl:pol ps:pus pt:por ' +
  'qu:que rm:roh rn:run ro:ron/rum ru:rus rw:kin sa:san sc:srd sd:snd se:sme sg:sag si:sin sk:slk/slo ' +
  'sl:slv sm:smo sn:sna so:som sq:sqi/alb sr:srp ss:ssw st:sot su:sun sv:swe sw:swa ta:tam te:tel ' +
  'tg:tgk th:tha ti:tir tk:tuk tl:tgl tn:tsn to:ton tr:tur ts:tso tt:tat tw:twi ty:tah ug:uig uk:ukr ' +
  'ur:urd uz:uzb ve:ven vi:vie vo:vol wa:wln wo:wol xh:xho yi:yid yo:yor za:zha zh:zho/chi zu:zul';

/** Three-letter codes of languages Bibles are printed in that have no two-letter code: kept as they are. */
const THREE_LETTER_ONLY = new Set(
  (
    'grc hbo arc syc syr cop got ang enm fro frm gmh goh non sga gez akk egy ' +
    'ceb fil haw hil ilo pam war tpi cmn yue nan hak wuu hsn arb pes prs kek quc cak mam tzo tzh ' +
    'nds gsw pdc hmn kri pcm jam srn nah nap scn vec lad yua zap ksw kmr ckb ' +
    // undetermined, and several languages
    'und mul'
  ).split(' '),
);

const TWO_LETTER = new Set<string>();
const FROM_THREE = new Map<string, string>();
for (const pair of ISO_639_PAIRS.split(' ')) {
  const [two, threes] = pair.split(':');
  TWO_LETTER.add(two);
  for (const three of threes.split('/')) FROM_THREE.set(three, two);
}

export interface NormalisedLanguage {
  /** the BCP 47 tag, or the code lowercased when it names no language we know */
  tag: string;
  /** whether the code was understood; a code that was not is kept (lowercased) and reported */
  known: boolean;
}

/** A subtag after the language, in BCP 47's case: a script Titlecase, a region upper case, others lower. */
function subtagCase(subtag: string): string {
  if (/^[a-z]{4}$/i.test(subtag)) return subtag.charAt(0).toUpperCase() + subtag.slice(1).toLowerCase();
  if (/^([a-z]{2}|\d{3})$/i.test(subtag)) return subtag.toUpperCase();
  return subtag.toLowerCase();
}

/**
 * A language code as a BCP 47 tag: "ENG" -> "en", "GER" and "deu" -> "de", "CHI" and "zho" -> "zh",
 * "en_us" -> "en-US", "zh-hant" -> "zh-Hant"; a code we do not know is kept lowercased, and said so.
 */
export function normaliseLanguage(code: string): NormalisedLanguage {
  const trimmed = code.trim();
  const parts = trimmed.split(/[-_]/);
  const primary = parts[0].toLowerCase();
  const language = FROM_THREE.get(primary) ?? primary;
  const subtags = parts.slice(1);
  const known =
    (TWO_LETTER.has(language) || THREE_LETTER_ONLY.has(language)) && subtags.every((p) => /^[a-z0-9]{1,8}$/i.test(p));
  if (!known) return { tag: trimmed.toLowerCase(), known };
  return { tag: [language, ...subtags.map(subtagCase)].join('-'), known };
}
