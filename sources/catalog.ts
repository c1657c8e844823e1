// The catalog: every dataset the compiler reads, with its licence as the source states it.
// Paths are relative to the corpus root (../shared/sources, or BIBLE_SOURCES). The compiler reads
// nothing that is not listed here, and every pack records the catalog ids it came from.

export type LicenceCategory =
  | 'public_domain' | 'cc0' | 'cc_permissive' | 'owned' | 'cc_restrictive' | 'copyrighted' | 'unknown';

export const LICENCE_CATEGORIES: Record<LicenceCategory, string> = {
  public_domain: 'Public domain: no rights reserved; copy, keep and sell freely.',
  cc0: 'CC0: dedicated to the public domain by its authors; no conditions.',
  cc_permissive: 'Attribution-based open licence (CC BY, CC BY-SA, GPL, MIT, BSD): commercial use allowed; credit the source, and share alike where the licence says so.',
  owned: 'Derived by this project from public-domain text or facts; free to use.',
  cc_restrictive: 'Non-commercial or no-derivatives licence: no resale, no modified copies.',
  copyrighted: 'All rights reserved by the holder: not redistributable without permission.',
  unknown: 'No licence is stated by the source: keep for personal use; do not resell until clarified.',
};

export interface CatalogEntry {
  id: string;
  /** which adapter reads it (see compiler/adapters) */
  adapter: 'sword-ztext' | 'usfm' | 'step-arabic' | 'names-scrollmapper' | 'names-openbibleinfo' | 'web-booknames';
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
  versionName: string;
  language: 'english' | 'spanish' | 'arabic';
}

const scrollmapper = 'scrollmapper/bible_databases @ a228a19a29099a41c196c2a310cd93e50a390e30';

/** Translations in the order GetVersions lists them. */
export const TRANSLATIONS: TranslationEntry[] = [
  {
    id: 'asv', versionId: 'asv', abbreviation: 'ASV', versionName: 'American Standard Version (1901)', language: 'english',
    adapter: 'sword-ztext', path: 'bibles/asv/ASV.zip', title: 'American Standard Version, CrossWire module ASV 2.0',
    licence: 'Public Domain', category: 'public_domain',
    licenceText: 'The American Standard Version (ASV) of the Holy Bible is in the Public Domain. Please feel free to copy it, give it away, memorize it, publish it, sell it, or whatever God leads you to do with it.',
    attribution: 'American Standard Version (1901), text from ebible.org via CrossWire Bible Society.',
    source: `${scrollmapper} : sources/en/ASV/ASV.zip`,
  },
  {
    id: 'bbe', versionId: 'bbe', abbreviation: 'BBE', versionName: 'Bible in Basic English', language: 'english',
    adapter: 'sword-ztext', path: 'bibles/bbe/BBE.zip', title: 'Bible in Basic English (1949/1964), CrossWire module BBE 1.3',
    licence: 'Public Domain (US)', category: 'public_domain',
    licenceText: '1949/1964 Bible in Basic English. Public Domain -- Copy Freely. The Bible In Basic English was printed in 1965 by Cambridge Press in England. Published without any copyright notice and distributed in America, this work fell immediatly and irretrievably into the Public Domain in the United States according to the UCC convention of that time.',
    attribution: 'Bible in Basic English (C. K. Ogden, S. H. Hooke), CrossWire Bible Society module. Its UK status has historically been disputed.',
    source: `${scrollmapper} : sources/en/BBE/BBE.zip`,
  },
  {
    id: 'dby', versionId: 'dby', abbreviation: 'DBY', versionName: 'Darby Bible (1890)', language: 'english',
    adapter: 'sword-ztext', path: 'bibles/dby/Darby.zip', title: 'Darby Bible, CrossWire module Darby 2.0',
    licence: 'Public Domain', category: 'public_domain',
    licenceText: 'A literal translation of the Old Testament (1890) and the New Testament (1884) By John Nelson Darby (1800-82). Public Domain - Copy Freely.',
    attribution: 'John Nelson Darby, text from bibliquest.net via ebible.org and CrossWire Bible Society.',
    source: `${scrollmapper} : sources/en/Darby/Darby.zip`,
  },
  {
    id: 'kjv', versionId: 'kjv', abbreviation: 'KJV', versionName: 'King James Version (1769)', language: 'english',
    adapter: 'sword-ztext', path: 'bibles/kjv/KJV.zip', title: 'King James Version, CrossWire module KJV 3.1',
    licence: 'GPL (module); base text public domain outside the UK', category: 'cc_permissive',
    licenceText: 'DistributionLicense=GPL. The rights to the base text are held by the Crown of England. Any copyright that might be obtained for this effort is held by CrossWire Bible Society © 2003-2023 and CrossWire Bible Society hereby grants a general public license to use this text for any purpose.',
    attribution: 'King James Version (1769), CrossWire Bible Society KJV module 3.1 (https://gitlab.com/crosswire-bible-society/kjv). Crown copyright applies in the UK.',
    source: `${scrollmapper} : sources/en/KJV/KJV.zip`,
  },
  {
    id: 'kjv1611', versionId: 'kjv1611', abbreviation: 'KJV1611', versionName: 'King James Bible (1611 printing)', language: 'english',
    adapter: 'usfm', path: 'bibles/kjv1611', title: 'King James Bible 1611, USFM by Freely-Given-org/OpenBibleData',
    licence: 'Public domain; repository CC0 1.0', category: 'cc0',
    licenceText: 'Publications from the 1600’s are out of copyright in most countries—England being the exception where it might still be under Crown copyright. As far as any of our own work is concerned (in formatting the KJB text in USFM files), our work here is placed in the public domain and no copyright claim is asserted. (Repository LICENSE: CC0 1.0 Universal.)',
    attribution: 'King James Bible 1611, USFM from Freely-Given-org/OpenBibleData. Crown copyright applies in the UK.',
    source: 'Freely-Given-org/OpenBibleData @ 89810a530966ee7cc2738e8ed4dcb1279f7fe3e2 : Bibles/EnglishTranslations/KJB-1611/*.USFM',
  },
  {
    id: 'wbt', versionId: 'wbt', abbreviation: 'WBT', versionName: 'Webster Bible (1833)', language: 'english',
    adapter: 'sword-ztext', path: 'bibles/wbt/Webster.zip', title: 'Noah Webster Bible, CrossWire module Webster 1.2',
    licence: 'Public Domain', category: 'public_domain',
    licenceText: 'Webster Bible Electronic Format. PUBLIC DOMAIN. (Noah Webster, LL. D., 1833.)',
    attribution: 'Noah Webster (1833), electronic edition February 1992, CrossWire Bible Society module.',
    source: `${scrollmapper} : sources/en/Webster/Webster.zip`,
  },
  {
    id: 'web', versionId: 'web', abbreviation: 'WEB', versionName: 'World English Bible (2013)', language: 'english',
    adapter: 'usfm', path: 'bibles/web', title: 'World English Bible, 2013 edition, USFM from eBible.org',
    licence: 'Public Domain', category: 'public_domain',
    licenceText: 'Because the World English Bible is in the Public Domain (not copyrighted), it can be freely copied, distributed, and redistributed without any payment of royalties. … All you have to do is maintain the integrity of God’s Word before God, and reserve the name “World English Bible” for faithful copies of this translation.',
    attribution: 'World English Bible (2013), Michael Paul Johnson / eBible.org.',
    source: 'kahunapule/worldenglishbible @ d8d56634755cec166a8380b4f46b7e39b406d311 : *.usfm',
  },
  {
    id: 'ylt', versionId: 'ylt', abbreviation: 'YLT', versionName: "Young's Literal Translation (1898)", language: 'english',
    adapter: 'sword-ztext', path: 'bibles/ylt/YLT.zip', title: "Young's Literal Translation, CrossWire module YLT 1.1",
    licence: 'Public Domain', category: 'public_domain',
    licenceText: "Young's Literal Translation of the Holy Bible by Robert Young, 1862, 1898. DistributionLicense=Public Domain.",
    attribution: "Robert Young (1862, 1898), CrossWire Bible Society module.",
    source: `${scrollmapper} : sources/en/YLT/YLT.zip`,
  },
  {
    id: 'rv1909', versionId: 'rv1909', abbreviation: 'RV1909', versionName: 'Reina-Valera 1909', language: 'spanish',
    adapter: 'sword-ztext', path: 'bibles/rv1909/SpaRV.zip', title: 'Reina-Valera 1909, CrossWire module SpaRV 2.0',
    licence: 'Public Domain', category: 'public_domain',
    licenceText: 'DistributionLicense=Public Domain. Text source: https://es.wikisource.org/wiki/Biblia_Reina-Valera_1909',
    attribution: 'Reina-Valera 1909, text from Wikisource via CrossWire Bible Society.',
    source: `${scrollmapper} : sources/es/SpaRV/SpaRV.zip`,
  },
  {
    id: 'svd', versionId: 'svd', abbreviation: 'SVD', versionName: 'Smith & Van Dyck Arabic Bible (1865)', language: 'arabic',
    adapter: 'step-arabic', path: 'bibles/svd', title: 'Arabic SVD word-aligned tables, STEPBible Arabic Bibles 4.0.1',
    licence: 'CC BY-SA 4.0', category: 'cc_permissive',
    licenceText: 'This work is made available under the Creative Commons Attribution-Share Alike 4.0 International License (CC BY-SA). … If you modify a copy of this work, you must indicate on the modified work what changes you have made and attribute the work as follows: The original work by STEPBible.org, and Arabic Bible Outreach Ministry, is available for free at "STEPBible Arabic Bibles" https://github.com/STEPBible/STEPBible-Data/tree/master/Tagged-Bibles/Arabic%20Bibles',
    attribution: 'The original work by STEPBible.org, and Arabic Bible Outreach Ministry, is available for free at "STEPBible Arabic Bibles" https://github.com/STEPBible/STEPBible-Data/tree/master/Tagged-Bibles/Arabic%20Bibles. Changes made: verse text rebuilt by joining the Arabic word cells in word order; word alignment, Strong\'s and grammar columns dropped. Derived Arabic text is shared alike under CC BY-SA 4.0.',
    source: 'STEPBible/STEPBible-Data @ b86d26cdb1f51729e73b5b4eb7f7ccadc5dfba39 : Tagged-Bibles/Arabic Bibles/Translation Tags Individual Books',
  },
];

/** Book names, abbreviations and genres. */
export const NAME_SOURCES: CatalogEntry[] = [
  {
    id: 'names-scrollmapper', adapter: 'names-scrollmapper', path: 'names/scrollmapper',
    title: 'English book names, abbreviations and genres (scrollmapper)',
    licence: 'GPL-3 (repository README); MIT (master LICENSE)', category: 'cc_permissive',
    licenceText: 'This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version.',
    attribution: 'Book names and abbreviations from scrollmapper/bible_databases.',
    source: 'scrollmapper/bible_databases @ 19e966337b1d27fc454d06d3d1d4a723e4760ca5 : csv/',
  },
  {
    id: 'names-openbibleinfo', adapter: 'names-openbibleinfo', path: 'names/openbibleinfo',
    title: 'Book-name lists in English, Spanish and Arabic (openbible.info Bible Passage Reference Parser)',
    licence: 'MIT', category: 'cc_permissive',
    licenceText: 'Copyright (c) 2011-2026 Stephen Smith. Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files … The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.',
    attribution: 'Book names from openbibleinfo/Bible-Passage-Reference-Parser, © 2011-2026 Stephen Smith, MIT licence.',
    source: 'openbibleinfo/Bible-Passage-Reference-Parser @ 4eb78e1d56ba94e76a5c4524a8bef0788674dbe3 : src/{en,es,ar}/',
  },
  {
    id: 'names-web', adapter: 'web-booknames', path: 'bibles/web/BookNames.xml',
    title: 'World English Bible book names (abbreviation, short, long)',
    licence: 'Public Domain', category: 'public_domain',
    licenceText: 'eng-web Scripture is in the Public Domain.',
    attribution: 'World English Bible book names, eBible.org.',
    source: 'kahunapule/worldenglishbible @ d8d56634755cec166a8380b4f46b7e39b406d311 : BookNames.xml',
  },
];

/** The KJV chapter/verse table is derived from the 1611 USFM files (highest \v per chapter). */
export const VERSIFICATION_SOURCE = 'bibles/kjv1611';

export const CATALOG: CatalogEntry[] = [...TRANSLATIONS, ...NAME_SOURCES];
