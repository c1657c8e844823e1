// The options open() takes, checked before any pack is read so that a wrong value is refused at once,
// naming the option.
import { BibleError } from '../errors.ts';
import type { Checksum, Inflate } from '../pack/reader.ts';
import type { AudioOption } from '../ops/audio.ts';

/**
 * Hands the engine a pack's bytes: Node reads files, a browser fetches, React Native reads assets. A
 * loader that can also list the packs it holds without loading them (from a manifest, or a folder) says
 * so through `listPacks`: GetVersions then tells which translations this engine can answer.
 */
export type PackLoader = ((packName: string) => Promise<Uint8Array>) & {
  /** the names of the packs the loader can give; undefined when it cannot tell */
  listPacks?: () => Promise<Iterable<string> | undefined>;
};

export interface OpenOptions {
  loader: PackLoader;
  /** packs to load during open(), e.g. ['text-kjv'] */
  preload?: string[];
  /** a raw-deflate decompressor; defaults to the engine's own, fflate, loaded only when none is given
   *  (hosts with native zlib pass theirs) */
  inflate?: Inflate;
  /** CRC-32 of a block's stored bytes; defaults to one in JavaScript (hosts with a native one pass it) */
  checksum?: Checksum;
  /** seed for the sequence of random picks made by calls that give no seed of their own */
  random?: { seed?: number };
  /** where narration and music files live: a URL template or a resolver (see docs/extrabiblical.md) */
  audio?: AudioOption;
  /** "today" for reading plans: a function returning a Date or an ISO date (tests inject one) */
  clock?: () => Date | string;
  /**
   * the hosted API's rule for parameters an operation does not take: ignore them (`unknownParams` names
   * them) instead of refusing them. By default a call with such a parameter (a misspelt `versoinId`)
   * is refused, naming it and the closest parameter the operation does take. The HTTP server opens lenient.
   */
  lenient?: boolean;
  /** the older spelling of the same choice: `strict: false` is `lenient: true`; `strict: true` the default */
  strict?: boolean;
  /** further host configuration read by operations */
  [option: string]: unknown;
}

/** The host's options as given, without what they inherit, checked; and whether the engine is strict. */
export function checkedOptions(given: OpenOptions): { options: OpenOptions; strict: boolean } {
  if (!given || typeof given.loader !== 'function')
    throw new BibleError('INVALID_PARAMETER', 'open() needs a loader: (packName) => Promise<Uint8Array>', 'loader');
  // The options the host gave, without what they inherit: a `preload`, `audio` or `clock` set on
  // Object.prototype is no option (an inherited preload string broke open(), an inherited audio template
  // answered the audio operations with its URLs).
  const options: OpenOptions = Object.assign(Object.create(null), given);
  // A host's inflate or checksum that is not a function would fail on the first pack as a corrupt file
  // ("rebuild it") or a bare TypeError: the option is named instead. null, as undefined, takes the default.
  for (const hook of ['inflate', 'checksum'] as const) {
    if (options[hook] === null) delete options[hook];
    else if (options[hook] !== undefined && typeof options[hook] !== 'function')
      throw new BibleError('INVALID_PARAMETER', `open() option ${hook} must be a function (bytes) => ...`, hook);
  }
  if (options.preload != null && !Array.isArray(options.preload))
    throw new BibleError(
      'INVALID_PARAMETER',
      "open() option preload takes an array of pack names, such as ['text-kjv']",
      'preload',
    );
  // A seed of NaN or Infinity would quietly give the sequence of seed 0, and a fraction that of its whole part.
  const seed: unknown = options.random == null ? undefined : (options.random as { seed?: unknown }).seed;
  if ((options.random != null && typeof options.random !== 'object') || (seed !== undefined && !Number.isInteger(seed)))
    throw new BibleError(
      'INVALID_PARAMETER',
      'open() option random.seed must be an integer, such as { seed: 7 }',
      'random.seed',
    );
  return { options, strict: !isLenient(options) };
}

/**
 * Whether an engine ignores parameters an operation does not take (the hosted API's rule) rather than
 * refusing them (the default). `strict` is the older name of the same choice; the two must agree.
 */
function isLenient(options: Pick<OpenOptions, 'lenient' | 'strict'>): boolean {
  for (const name of ['lenient', 'strict'] as const)
    if (options[name] != null && typeof options[name] !== 'boolean')
      throw new BibleError('INVALID_PARAMETER', `open() option ${name} takes true or false`, name);
  if (options.lenient === true && options.strict === true)
    throw new BibleError(
      'INVALID_PARAMETER',
      'open() options lenient: true and strict: true contradict each other; give lenient alone',
      'lenient',
    );
  if (options.lenient === false && options.strict === false)
    throw new BibleError(
      'INVALID_PARAMETER',
      'open() options lenient: false and strict: false contradict each other; give lenient alone',
      'lenient',
    );
  return options.lenient === true || options.strict === false;
}
