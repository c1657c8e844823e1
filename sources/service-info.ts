// What GetInfo answers: this engine's own description (the project authors it).
export const SERVICE_INFO = {
  name: 'Offline Bible Text and Study Engine',
  description:
    'An in-memory, offline implementation of the Bible Text and Study Tools API, compiled from open texts that users may keep: verses, chapters and parallel verses in ten translations, books in English, Spanish and Arabic, citation parsing, counts, random picks and more.',
  type: 'offline engine (in-process library, CLI and local HTTP server)',
  version: '0.1.0',
  parent: 'Bible Text and Study Tools API (drop-in compatible operation names, parameters and response shapes)',
  authors: ['The bible-engine team'],
  homepage: 'README.md',
};
