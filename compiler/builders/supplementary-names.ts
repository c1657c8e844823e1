// Book names and abbreviations readers write that the corpus's name lists lack. Each is a plain spelling
// (not a pattern), keyed by OSIS id; the meta builder claims them as it claims the lists' names, so a
// spelling another book also claims is dropped. Facts (names and their usual short forms), not text.
//
// Three kinds of gap: English forms of the older reference tradition the lists do not spell out; Spanish
// abbreviations in common use beside the Reina-Valera ones; and Arabic, whose only list
// (names/openbibleinfo/ar) gives generic names, writes several Van Dyck names only in presentation-form
// letters (ﺭﻭﻣﻴﺔ, which no keyboard types) and lacks the ordinals written as digits ("1 كورنثوس").

export interface SupplementaryNames {
  language: 'english' | 'spanish' | 'arabic';
  /** where the forms are used */
  source: string;
  names: Record<string, string[]>;
}

export const SUPPLEMENTARY_NAMES: SupplementaryNames[] = [
  {
    language: 'english',
    source:
      'Abbreviations of older English reference works and concordances (the Song of Solomon as "Song of Sol.", ' +
      'Philemon as "Philm."), the Douay-Rheims title "Apocalypse", and the full title "Revelation of John"',
    names: {
      Song: ['Song of Sol'],
      Phlm: ['Philm'],
      Rev: ['Apocalypse', 'Revelation of John'],
    },
  },
  {
    language: 'spanish',
    source:
      'Abbreviation tables printed in Spanish Bibles and style guides: "Stgo" for Santiago, "Jds" for Judas ' +
      '(beside the Reina-Valera 1960 "Stg" and "Jud"); the title "Apocalipsis de Juan"',
    names: {
      Jas: ['Stgo'],
      Jude: ['Jds'],
      Rev: ['Apocalipsis de Juan'],
    },
  },
  {
    language: 'arabic',
    source:
      'The Smith-Van Dyck book titles as readers shorten them (without "سفر", "رسالة", the article or the ' +
      'addressees: تكوين, رومية, رؤيا), ordinals written as digits before the name, and the abbreviations of ' +
      'the Van Dyck cross-reference tables (عز, يؤ, 1تي), as Arabic Bible sites list them (st-takla.org, ' +
      '"الاختصارات المستعملة لأسفار الكتاب المقدس")',
    names: {
      Gen: ['تكوين'],
      Exod: ['خروج'],
      Lev: ['لاويين'],
      Num: ['عدد'],
      Judg: ['قضاة'],
      '1Kgs': ['ملوك الأول', '1 ملوك'],
      '2Kgs': ['الملوك الثاني', 'ملوك الثاني', '2 ملوك'],
      '1Chr': ['1 أخبار', '1 أخبار الأيام'],
      '2Chr': ['2 أخبار', '2 أخبار الأيام'],
      Ezra: ['عز'],
      Ps: ['مزامير'],
      Eccl: ['جامعة'],
      Song: ['نشيد الأنشاد'],
      Lam: ['مراثي'],
      Joel: ['يؤ'],
      Acts: ['أعمال'],
      Rom: ['رومية'],
      '1Cor': ['1 كورنثوس'],
      '2Cor': ['2 كورنثوس'],
      Gal: ['غلاطية'],
      Eph: ['أفسس'],
      Phil: ['فيلبي'],
      Col: ['كولوسي'],
      '1Thess': ['تسالونيكي الأولى', '1 تسالونيكي'],
      '2Thess': ['تسالونيكي الثانية', '2 تسالونيكي'],
      '1Tim': ['1 تيموثاوس', '1تي'],
      '2Tim': ['2 تيموثاوس', '2تي'],
      Titus: ['تيطس'],
      Heb: ['عبرانيين'],
      '1Pet': ['1 بطرس'],
      '2Pet': ['2 بطرس'],
      '1John': ['1 يوحنا'],
      '2John': ['2 يوحنا'],
      '3John': ['3 يوحنا'],
      Rev: ['رؤيا', 'الرؤيا', 'رؤيا يوحنا اللاهوتي'],
    },
  },
];
