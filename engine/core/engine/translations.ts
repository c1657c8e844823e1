// The translations an engine has read from their text packs, each read once and kept until its pack is
// let go. Most calls read the translation the previous one read: that one is kept at hand.
import type { Meta } from '../meta.ts';
import { textPack } from '../operation.ts';
import { packUnusable } from '../pack/reader.ts';
import { loadTranslation, type TranslationData } from '../translation.ts';
import type { PackStore } from './pack-store.ts';

export interface TranslationCache {
  /** a translation whose text pack is loaded (NOT_AVAILABLE otherwise) */
  read(versionId: string): TranslationData;
  /** lets go of the translation read from a pack */
  forgetPack(name: string): void;
}

export function createTranslationCache(meta: Meta, store: PackStore): TranslationCache {
  const translations = new Map<string, TranslationData>();
  let lastVersionId = '';
  let lastTranslation: TranslationData | undefined;
  return {
    read(versionId) {
      if (versionId === lastVersionId && lastTranslation) return lastTranslation;
      let text = translations.get(versionId);
      if (!text) {
        text = readTranslation(meta, store, versionId);
        translations.set(versionId, text);
      }
      lastVersionId = versionId;
      lastTranslation = text;
      return text;
    },
    forgetPack(name) {
      for (const versionId of translations.keys()) if (textPack(versionId) === name) translations.delete(versionId);
      if (textPack(lastVersionId) === name) lastTranslation = undefined;
    },
  };
}

/** A translation read from its loaded text pack, which must hold that translation (and, for an imported
 *  one, the import this engine opened with). */
function readTranslation(meta: Meta, store: PackStore, versionId: string): TranslationData {
  const name = textPack(versionId);
  const pack = store.loaded(name);
  try {
    const own = meta.imported?.get(versionId);
    const text = loadTranslation(pack, meta.versification, undefined, own && ((id) => own.kjvIdOf(id)));
    // Several translations share the KJV grid (kjv, kjv1611, wbt, ylt, svd): another's text pack
    // copied under this name would fit it and answer with the other translation's words.
    if (text.versionId !== versionId)
      throw packUnusable(name, `it holds the text of ${JSON.stringify(text.versionId)}`);
    // Read again after it was let go, an imported text may be a later import than the record held.
    if (own && text.info.importId !== own.info.importId)
      throw packUnusable(name, `${versionId} was imported again since this engine opened; open it again`);
    return text;
  } catch (error) {
    // A file that reads as a pack but not as this translation is let go, as a file that cannot be
    // read is: the next call reads it again, so a host that puts the right file in place is answered.
    if (store.packs.get(name) === pack) store.forget(name);
    throw error;
  }
}
