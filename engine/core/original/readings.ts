// What a pronunciation reading is, and the builder that writes its five outputs side by side: shared by
// the Hebrew and the Greek rules (hebrew-reading.ts, greek-reading.ts).

export interface Pronunciation {
  ipa: string;
  ipa_mod: string;
  sbl: string;
  dic: string;
  dic_mod: string;
}

export interface Reading extends Pronunciation {
  /** characters of the word no rule reads ('' when every one was read) */
  unread: string;
}

/** The five outputs built side by side. */
export class Out {
  ipa = '';
  ipa_mod = '';
  sbl = '';
  dic = '';
  dic_mod = '';
  unread = '';
  /** scholarly (ipa, sbl, dic) */
  old(ipa: string, sbl: string, dic: string) {
    this.ipa += ipa;
    this.sbl += sbl;
    this.dic += dic;
  }
  /** modern (ipa_mod, dic_mod) */
  mod(ipa: string, dic: string) {
    this.ipa_mod += ipa;
    this.dic_mod += dic;
  }
  reading(): Reading {
    return {
      ipa: this.ipa,
      ipa_mod: this.ipa_mod,
      sbl: this.sbl,
      dic: this.dic,
      dic_mod: this.dic_mod,
      unread: this.unread,
    };
  }
}
