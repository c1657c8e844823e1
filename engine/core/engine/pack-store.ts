// The packs an engine holds: each read once through the host's loader (two calls that need the same pack
// share one read), checked against the schema its name gives, and let go when it refuses a read later so
// that the next call reads the file again.
import { BibleError, notAvailable } from '../errors.ts';
import { type ImportedTranslation, loadImported } from '../imported.ts';
import type { TextPackInfo } from '../pack/contents.ts';
import { type Inflate, packUnusable, type Pack, readPack } from '../pack/reader.ts';
import { schemaOfPack } from '../pack/schemas.ts';
import { textPack } from '../operation.ts';
import type { OpenOptions } from './options.ts';

/** Reads of an imported translation's record and text before two imports in a row are given up on. */
const IMPORT_READ_ATTEMPTS = 3;

export interface PackStore {
  /** the packs loaded so far, by name */
  readonly packs: ReadonlyMap<string, Pack>;
  /** a pack, loaded now or read through the loader */
  obtain(name: string): Promise<Pack>;
  /** a loaded pack, or NOT_AVAILABLE */
  loaded(name: string): Pack;
  /** lets a pack go: the next call that needs it reads it again */
  forget(name: string): void;
}

export interface PackStoreHooks {
  /** the host's options: its loader and checksum */
  options: OpenOptions;
  inflate: Inflate;
  /** told of each pack let go, so what was read from it is let go too */
  onForget(name: string): void;
}

export function createPackStore(hooks: PackStoreHooks): PackStore {
  const packs = new Map<string, Pack>();
  const pending = new Map<string, Promise<Pack>>();
  const forget = (name: string) => {
    packs.delete(name);
    pending.delete(name);
    hooks.onForget(name);
  };
  const read = async (name: string): Promise<Pack> => {
    const bytes = await loadBytes(hooks.options, name);
    // A pack that refuses a read after opening (a block damaged on disk, bytes the host changed) is
    // let go, so the next call reads the file again and a host that puts a good one in place is answered.
    // (It may refuse while being read, before it is held: there is nothing to let go then.)
    let pack: Pack | undefined;
    pack = readPack(name, bytes, hooks.inflate, hooks.options.checksum, () => {
      if (pack && packs.get(name) === pack) forget(name);
    });
    // Its name is checked by readPack; its kind is checked against the schema it will be read with, so
    // a pack built wrongly under the right name is refused here too, not read as another kind of pack.
    const schema = schemaOfPack(name);
    if (schema && pack.declaration.schema !== schema.kind)
      throw packUnusable(name, `it declares itself a ${pack.declaration.schema} pack, not a ${schema.kind} pack`);
    packs.set(name, pack);
    return pack;
  };
  const obtain = (name: string): Promise<Pack> => {
    const loaded = packs.get(name);
    if (loaded) return Promise.resolve(loaded);
    let promise = pending.get(name);
    if (!promise) {
      promise = read(name);
      pending.set(name, promise);
      // A failed load may succeed later (the host fixes the file or the network comes back).
      promise.catch(() => pending.delete(name));
    }
    return promise;
  };
  const loaded = (name: string): Pack => {
    const pack = packs.get(name);
    if (!pack) throw notAvailable(`pack '${name}' is not loaded; use bible.call() or bible.load(['${name}']) first`);
    return pack;
  };
  return { packs, obtain, loaded, forget };
}

/** A pack's bytes from the loader; a loader's failure becomes NOT_AVAILABLE naming the pack. */
async function loadBytes(options: OpenOptions, name: string): Promise<Uint8Array> {
  try {
    return await options.loader(name);
  } catch (error) {
    // A loader's own refusal of the pack (the browser loader's, of bytes that do not match the
    // manifest's SHA-256) already names it: it is passed on, not wrapped in a second sentence.
    if (error instanceof BibleError && error.code === 'NOT_AVAILABLE' && error.message.startsWith(`pack '${name}' `))
      throw error;
    throw notAvailable(`pack '${name}' could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * An imported translation's record, read together with its text pack and taken only when both name the
 * same import: `bible import` replaces the two files one after the other, so a re-import between the two
 * reads would pair the record of one import with the text of another. Held from here on, the text answers as the
 * record describes it for as long as this engine runs, whatever is imported into the folder meanwhile.
 */
export async function loadImportedWithText(store: PackStore, name: string): Promise<ImportedTranslation> {
  for (let attempt = 1; ; attempt++) {
    const translation = loadImported(await store.obtain(name));
    const textName = textPack(translation.info.versionId);
    let text: Pack;
    try {
      text = await store.obtain(textName);
    } catch {
      // A missing or unreadable text is refused by the first call that needs it, as any pack's is.
      return translation;
    }
    if (text.json<TextPackInfo>('info').importId === translation.info.importId) return translation;
    store.forget(name);
    store.forget(textName);
    if (attempt === IMPORT_READ_ATTEMPTS)
      throw packUnusable(textName, `it and ${name} come from two imports of ${translation.info.versionId}`);
  }
}
