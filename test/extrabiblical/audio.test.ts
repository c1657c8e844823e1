// Audio: addresses come from the host's open({ audio }) option, never from a cache; without it, or for
// a version without narration, the answer is NOT_AVAILABLE saying how to configure it.
import { describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import type { AudioRequest } from '../../engine/core/ops/audio.ts';
import { audioOptionFromArgs } from '../../engine/node/audio-option.ts';
import { openNode } from '../../engine/node/loader.ts';
import { callError } from '../helpers.ts';

async function failure(promise: Promise<unknown>): Promise<BibleError> {
  try {
    const answer = await promise;
    throw new Error(`answered ${JSON.stringify(answer)}`);
  } catch (error) {
    expect(error).toBeInstanceOf(BibleError);
    return error as BibleError;
  }
}

const TEMPLATE = 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3';

describe('audio without configuration', () => {
  it('answers NOT_AVAILABLE explaining how to configure it', async () => {
    for (const [name, params] of [
      ['GetAudioNarration', { bookId: '43', chapterId: '3' }],
      ['GetChapterAudio', { bookId: '1', chapterId: '1', versionId: 'svd' }],
      ['GetAudioMusic', { genre: 'piano' }],
    ] as const) {
      const error = await callError(name, params);
      expect(error.code).toBe('NOT_AVAILABLE');
      expect(error.message).toMatch(/open\(\{ audio/);
      expect(error.message).toMatch(/bible serve --audio/);
    }
  });

  it('still checks the parameters first', async () => {
    const error = await callError('GetAudioNarration', { bookId: '43', chapterId: '22' });
    expect([error.code, error.param]).toEqual(['INVALID_PARAMETER', 'chapterId']);
    expect(error.message).toMatch(/John has 21 chapters/);
    expect((await callError('GetAudioNarration', { bookId: '67', chapterId: '1' })).param).toBe('bookId');
    expect((await callError('GetAudioNarration', { bookId: '1', chapterId: '1', versionId: 'niv' })).param).toBe(
      'versionId',
    );
    expect((await callError('GetAudioMusic', {})).code).toBe('MISSING_PARAMETER');
    expect((await callError('GetAudioMusic', { genre: 'x'.repeat(61) })).param).toBe('genre');
  });
});

describe('audio with a URL template', async () => {
  const b = await openNode({ audio: TEMPLATE });

  it('fills and zero-pads the template', async () => {
    expect(await b.GetAudioNarration({ bookId: '43', chapterId: '3', versionId: 'kjv' })).toEqual({
      fileName: 'https://cdn.example/kjv/43/003.mp3',
    });
    expect(await b.GetAudioNarration({ bookId: '1', chapterId: '1', versionId: 'rv1909' })).toEqual({
      fileName: 'https://cdn.example/rv1909/01/001.mp3',
    });
    expect(await b.GetAudioNarration({ bookId: 19, chapterId: 119, versionId: 'svd' })).toEqual({
      fileName: 'https://cdn.example/svd/19/119.mp3',
    });
    expect(await b.GetAudioNarration({ bookId: '1', chapterId: '1' })).toEqual({
      fileName: 'https://cdn.example/kjv/01/001.mp3',
    });
  });

  it('answers GetChapterAudio as {versionId, bookId, chapterId, bookAndChapterId, fileName}', async () => {
    expect(await b.GetChapterAudio({ bookId: '43', chapterId: '3' })).toEqual({
      versionId: 'kjv',
      bookId: '43',
      chapterId: '3',
      bookAndChapterId: '43003',
      fileName: 'https://cdn.example/kjv/43/003.mp3',
    });
  });

  it('refuses versions without narration, saying which have it', async () => {
    const error = await failure(b.GetAudioNarration({ bookId: '43', chapterId: '3', versionId: 'asv' }));
    expect(error.code).toBe('NOT_AVAILABLE');
    expect(error.message).toMatch(/kjv, rv1909, svd/);
  });

  it('cannot answer music from a narration template', async () => {
    const error = await failure(b.GetAudioMusic({ genre: 'piano' }));
    expect(error.code).toBe('NOT_AVAILABLE');
    expect(error.message).toMatch(/music/);
  });

  it('rejects a malformed template', async () => {
    for (const audio of ['https://x/{book}.mp3', 'https://x/{bookId.mp3', '', 42]) {
      const bad = await openNode({ audio: audio as never });
      const error = await failure(bad.GetAudioNarration({ bookId: '1', chapterId: '1' }));
      expect([error.code, error.param]).toEqual(['INVALID_PARAMETER', 'audio']);
    }
  });
});

describe('audio with a resolver', () => {
  it('asks the resolver on every call (never cached) with the whole request', async () => {
    const seen: AudioRequest[] = [];
    const b = await openNode({
      audio: (request: AudioRequest) => {
        seen.push(request);
        return request.kind === 'music'
          ? `https://signed.example/music/${request.genre}`
          : `https://signed.example/${request.osis}.${request.chapterId}?n=${seen.length}`;
      },
    });
    const first = await b.GetAudioNarration({ bookId: '43', chapterId: '3' });
    const second = await b.GetAudioNarration({ bookId: '43', chapterId: '3' });
    expect(first).toEqual({ fileName: 'https://signed.example/John.3?n=1' });
    expect(second).toEqual({ fileName: 'https://signed.example/John.3?n=2' });
    expect(seen[0]).toEqual({ kind: 'narration', versionId: 'kjv', bookId: 43, chapterId: 3, osis: 'John' });
    expect(await b.GetAudioMusic({ genre: 'Piano & Strings' })).toEqual({
      genre: 'Piano & Strings',
      fileName: 'https://signed.example/music/Piano & Strings',
    });
    expect(seen[2]).toEqual({ kind: 'music', genre: 'Piano & Strings' });
  });

  it('accepts asynchronous resolvers and reports a resolver without a file', async () => {
    const b = await openNode({
      audio: async (r: AudioRequest) => (r.bookId === 1 ? null : `file-${r.bookId}-${r.chapterId}.mp3`),
    });
    expect(await b.GetAudioNarration({ bookId: '2', chapterId: '4' })).toEqual({ fileName: 'file-2-4.mp3' });
    const missing = await failure(b.GetAudioNarration({ bookId: '1', chapterId: '4' }));
    expect(missing.code).toBe('NOT_AVAILABLE');
    expect(missing.message).toMatch(/no file for narration of Gen 4/);
    const throwing = await openNode({
      audio: () => {
        throw new Error('offline');
      },
    });
    expect((await failure(throwing.GetAudioNarration({ bookId: '1', chapterId: '1' }))).message).toMatch(
      /resolver failed.*offline/,
    );
  });

  it('takes one source per kind, chapter falling back to narration, music escaping the genre', async () => {
    const b = await openNode({ audio: { narration: 'n/{versionId}/{osis}/{chapterId}.mp3', music: 'm/{genre}.mp3' } });
    expect(await b.GetChapterAudio({ bookId: '40', chapterId: '5', versionId: 'rv1909' })).toMatchObject({
      fileName: 'n/rv1909/Matt/5.mp3',
    });
    expect(await b.GetAudioMusic({ genre: ' Piano & Strings ' })).toEqual({
      genre: 'Piano & Strings',
      fileName: 'm/Piano%20%26%20Strings.mp3',
    });
    const musicOnly = await openNode({ audio: { music: 'm/{genre}.mp3' } });
    expect((await failure(musicOnly.GetAudioNarration({ bookId: '1', chapterId: '1' }))).code).toBe('NOT_AVAILABLE');
  });
});

describe('audioOptionFromArgs (bible serve --audio)', () => {
  it('reads --audio and --audio-music, or nothing', () => {
    expect(audioOptionFromArgs(['--port', '0'], {})).toBeUndefined();
    expect(audioOptionFromArgs(['--audio', TEMPLATE], {})).toBe(TEMPLATE);
    expect(audioOptionFromArgs([`--audio=${TEMPLATE}`], {})).toBe(TEMPLATE);
    expect(audioOptionFromArgs(['--audio', TEMPLATE, '--audio-music', 'm/{genre}.ogg'], {})).toEqual({
      narration: TEMPLATE,
      music: 'm/{genre}.ogg',
    });
    expect(audioOptionFromArgs([], { BIBLE_AUDIO: TEMPLATE })).toBe(TEMPLATE);
  });

  it('refuses malformed templates before the server starts', () => {
    expect(() => audioOptionFromArgs(['--audio'], {})).toThrow(/needs a URL template/);
    expect(() => audioOptionFromArgs(['--audio', 'x/{nope}'], {})).toThrow(/unknown placeholder \{nope\}/);
  });

  it('gives an option openNode takes', async () => {
    const b = await openNode({ audio: audioOptionFromArgs(['--audio', TEMPLATE], {}) });
    expect(await b.GetAudioNarration({ bookId: '66', chapterId: '22' })).toEqual({
      fileName: 'https://cdn.example/kjv/66/022.mp3',
    });
  });
});
