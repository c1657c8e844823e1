// Audio: the hosted API hands out a (changing) file address per chapter; an offline engine has no audio
// files, so the host supplies the addresses through open({ audio }): a URL template or a resolver.
// Answers are never cached: a resolver may sign URLs or pick a mirror on every call.
import { BibleError, notAvailable } from '../errors.ts';
import { COMMON_PARAMS, defineOperation, type Context } from '../operation.ts';
import type { ChapterOrBookAndChapter } from '../params.ts';
import { object, string } from '../shape.ts';
import { formatBookAndChapterId } from '../ids.ts';

/** The versions the hosted API narrates. */
export const NARRATED_VERSIONS = ['kjv', 'rv1909', 'svd'] as const;

export type AudioKind = 'narration' | 'chapter' | 'music';

/** What a resolver is asked for; fields not given for a kind are absent. */
export interface AudioRequest {
  kind: AudioKind;
  versionId?: string;
  bookId?: number;
  chapterId?: number;
  /** OSIS book code (Gen, Matt, …) for hosts whose files are named that way */
  osis?: string;
  genre?: string;
}

export type AudioResolver = (request: AudioRequest) => string | null | undefined | Promise<string | null | undefined>;
/** A URL template: {versionId} {bookId} {chapterId} {osis} {genre}; {bookId:2} pads to 2 digits. */
export type AudioSource = string | AudioResolver;
/** One source for everything, or one per kind (chapter falls back to narration). */
export type AudioOption = AudioSource | { narration?: AudioSource; chapter?: AudioSource; music?: AudioSource };

const PLACEHOLDERS = ['versionId', 'bookId', 'chapterId', 'osis', 'genre'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
const PLACEHOLDER = /\{([A-Za-z]+)(?::(\d{1,2}))?\}/g;
const MAX_URL = 2048;

export const HOW_TO_CONFIGURE =
  "configure audio with open({ audio: 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3' }) or a resolver function (request) => url, or start the server with `bible serve --audio TEMPLATE`";

/** Checks a template's placeholders; returns an error message, or null when it is usable. */
export function audioTemplateProblem(template: string): string | null {
  if (!template.trim()) return 'the audio template is empty';
  if (template.length > MAX_URL) return `the audio template is longer than ${MAX_URL} characters`;
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((m) => m[1])
    .filter((name) => !PLACEHOLDERS.includes(name as Placeholder));
  if (unknown.length)
    return `the audio template has unknown placeholder {${unknown[0]}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}, with :N to zero-pad numbers ({bookId:2})`;
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return 'the audio template has an unmatched { or }';
  return null;
}

/** Checks a whole audio option (what open() and `bible serve --audio` take); throws when unusable. */
export function checkAudioOption(option: unknown): AudioOption | undefined {
  if (option === undefined || option === null) return undefined;
  const checkSource = (source: unknown, where: string) => {
    if (typeof source === 'function') return;
    if (typeof source !== 'string')
      throw new BibleError(
        'INVALID_PARAMETER',
        `${where} must be a URL template string or a resolver function`,
        'audio',
      );
    const problem = audioTemplateProblem(source);
    if (problem) throw new BibleError('INVALID_PARAMETER', `${where}: ${problem}`, 'audio');
  };
  if (typeof option === 'object') {
    const keys = Object.keys(option);
    const bad = keys.find((k) => !['narration', 'chapter', 'music'].includes(k));
    if (bad !== undefined || keys.length === 0)
      throw new BibleError(
        'INVALID_PARAMETER',
        `the audio option object takes narration, chapter and music sources${bad !== undefined ? `, not ${JSON.stringify(bad)}` : ''}`,
        'audio',
      );
    for (const k of keys)
      if ((option as Record<string, unknown>)[k] !== undefined)
        checkSource((option as Record<string, unknown>)[k], `audio.${k}`);
  } else {
    checkSource(option, 'audio');
  }
  return option as AudioOption;
}

function sourceFor(option: AudioOption, kind: AudioKind): AudioSource | undefined {
  if (typeof option === 'string' || typeof option === 'function') return option;
  if (kind === 'chapter') return option.chapter ?? option.narration;
  return option[kind];
}

function fill(template: string, request: AudioRequest): string {
  return template.replace(PLACEHOLDER, (_, name: Placeholder, width?: string) => {
    const value = request[name];
    if (value === undefined)
      throw notAvailable(
        `the audio template ${JSON.stringify(template.slice(0, 120))} needs {${name}}, which a ${request.kind} request does not have; give open({ audio: { ${request.kind}: '…' } }) its own template`,
      );
    const text = typeof value === 'number' && width ? String(value).padStart(Number(width), '0') : String(value);
    return name === 'genre' ? encodeURIComponent(text) : text;
  });
}

function checked(result: unknown, request: AudioRequest): string {
  if (typeof result !== 'string' || !result.trim())
    throw notAvailable(`the audio resolver has no file for ${describe(request)}`);
  if (result.length > MAX_URL)
    throw notAvailable(
      `the audio resolver returned an address longer than ${MAX_URL} characters for ${describe(request)}`,
    );
  return result;
}

const describe = (r: AudioRequest) =>
  r.kind === 'music'
    ? `music genre ${JSON.stringify(r.genre)}`
    : `${r.kind} of ${r.osis} ${r.chapterId} (${r.versionId})`;

/** The address for a request: a string, or a promise when the host's resolver is asynchronous. */
function resolveAudio(ctx: Context, request: AudioRequest): string | Promise<string> {
  const option = ctx.options.audio as AudioOption | undefined;
  if (option === undefined || option === null)
    throw notAvailable(
      `audio is not configured: this offline engine has no audio files of its own; ${HOW_TO_CONFIGURE}`,
    );
  checkAudioOption(option);
  const source = sourceFor(option, request.kind);
  if (source === undefined)
    throw notAvailable(
      `no audio source for ${request.kind}: give open({ audio: { ${request.kind}: TEMPLATE_OR_RESOLVER } })`,
    );
  if (typeof source === 'string') return fill(source, request);
  let result: ReturnType<AudioResolver>;
  try {
    result = source({ ...request });
  } catch (error) {
    throw notAvailable(
      `the audio resolver failed for ${describe(request)}: ${error instanceof Error ? error.message : String(error)}`.slice(
        0,
        300,
      ),
    );
  }
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    return (result as Promise<unknown>).then(
      (value) => checked(value, request),
      (error) => {
        throw notAvailable(
          `the audio resolver failed for ${describe(request)}: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            300,
          ),
        );
      },
    );
  }
  return checked(result, request);
}

/**
 * The book and chapter a narration-like request names: bookId and a chapter number, or a 5-digit
 * bookAndChapterId in chapterId (GetChapterAudio?chapterId=43003, as clients of the hosted service send
 * it), with which a bookId given too must agree.
 */
function bookAndChapterOf(p: Record<string, any>): { bookId: number; chapterId: number } {
  const { book, chapter } = p.chapterId as ChapterOrBookAndChapter;
  if (book === undefined) {
    if (p.bookId === undefined)
      throw new BibleError(
        'MISSING_PARAMETER',
        'bookId is needed with a chapter number (or give chapterId as a 5-digit bookAndChapterId such as 43003)',
        'bookId',
      );
    return { bookId: p.bookId, chapterId: chapter };
  }
  if (p.bookId !== undefined && p.bookId !== book)
    throw new BibleError(
      'INVALID_PARAMETER',
      `bookId ${p.bookId} does not agree with chapterId ${formatBookAndChapterId(book, chapter)}, which names book ${book}; give one or make them agree`,
      'bookId',
    );
  return { bookId: book, chapterId: chapter };
}

/** bookId, chapterId and versionId of a narration-like request, checked against the version's chapters. */
function chapterRequest(ctx: Context, kind: AudioKind, given: Record<string, any>): AudioRequest {
  const p: Record<string, any> = { ...given, ...bookAndChapterOf(given) };
  const version = ctx.meta.versionById.get(p.versionId)!;
  const book = ctx.meta.books[p.bookId - 1];
  const chapters = version.chapterVerses[p.bookId - 1]?.length ?? 0;
  if (p.chapterId > chapters)
    throw new BibleError(
      'INVALID_PARAMETER',
      `chapterId must be 1-${chapters}: ${book.names.english} has ${chapters} chapters`,
      'chapterId',
    );
  if (!(NARRATED_VERSIONS as readonly string[]).includes(p.versionId)) {
    throw notAvailable(
      `there is no audio narration for ${p.versionId}; narrated versions are ${NARRATED_VERSIONS.join(', ')} (${HOW_TO_CONFIGURE})`,
      'versionId',
    );
  }
  return { kind, versionId: p.versionId, bookId: p.bookId, chapterId: p.chapterId, osis: book.osis };
}

const then = <T, R>(value: T | Promise<T>, f: (v: T) => R): R | Promise<R> =>
  value instanceof Promise ? value.then(f) : f(value);

interface ChapterAudio {
  versionId: string;
  bookId: string;
  chapterId: string;
  bookAndChapterId: string;
  fileName: string;
}

/** bookId and chapterId as the audio operations take them: chapterId may be a bookAndChapterId alone. */
const AUDIO_CHAPTER_PARAMS = [
  {
    ...COMMON_PARAMS.bookId,
    required: false,
    description: 'book number 1-66 (or a name); may be left out when chapterId is a 5-digit bookAndChapterId',
  },
  {
    name: 'chapterId',
    type: 'chapterOrBookAndChapterId',
    required: true,
    description: 'chapter number, or a 5-digit bookAndChapterId BBCCC (43003 = John 3) that names the book too',
  },
] as const;

const NARRATION_VERSION = {
  ...COMMON_PARAMS.versionId,
  description: 'narrated translation: kjv, rv1909 or svd (default kjv)',
} as const;

export const audioOperations = [
  defineOperation({
    name: 'GetAudioNarration',
    family: 'audio',
    summary:
      "The address of a chapter's audio narration (kjv, rv1909, svd) as {fileName}, from the host's audio option; NOT_AVAILABLE until audio is configured.",
    params: [...AUDIO_CHAPTER_PARAMS, NARRATION_VERSION],
    result: object({ fileName: string }),
    run(ctx, p) {
      return then<string, { fileName: string }>(resolveAudio(ctx, chapterRequest(ctx, 'narration', p)), (fileName) => ({
        fileName,
      }));
    },
  }),
  defineOperation({
    name: 'GetChapterAudio',
    family: 'audio',
    summary:
      "A chapter's audio as {versionId, bookId, chapterId, bookAndChapterId, fileName} (strings), from the host's chapter (or narration) audio source.",
    params: [...AUDIO_CHAPTER_PARAMS, NARRATION_VERSION],
    result: object(
      {},
      { versionId: string, bookId: string, chapterId: string, bookAndChapterId: string, fileName: string },
    ),
    run(ctx, p) {
      const request = chapterRequest(ctx, 'chapter', p);
      const { bookId, chapterId } = request as Required<AudioRequest>;
      return then<string, ChapterAudio>(resolveAudio(ctx, request), (fileName) => ({
        versionId: p.versionId,
        bookId: String(bookId),
        chapterId: String(chapterId),
        bookAndChapterId: formatBookAndChapterId(bookId, chapterId),
        fileName,
      }));
    },
  }),
  defineOperation({
    name: 'GetAudioMusic',
    family: 'audio',
    summary: "Background music of a genre as {genre, fileName}, from the host's music audio source.",
    params: [
      {
        name: 'genre',
        type: 'text',
        required: true,
        maxLength: 60,
        description: 'a music genre the host provides, e.g. "piano" or "ambient"',
      },
    ],
    result: object({}, { genre: string, fileName: string }),
    run(ctx, p) {
      const genre = String(p.genre).trim();
      return then<string, { genre: string; fileName: string }>(
        resolveAudio(ctx, { kind: 'music', genre }),
        (fileName) => ({ genre, fileName }),
      );
    },
  }),
] as const;
