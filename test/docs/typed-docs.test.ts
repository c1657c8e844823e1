// The typed methods carry the operation table's documentation into an editor: a consumer file is
// compiled with the TypeScript language service, and the quick info an editor shows on hover is read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../engine/core/operation-names.ts';
import { renderTypedDocs, TYPED_DOCS } from '../../scripts/typed-docs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CONSUMER = join(ROOT, 'test', 'docs', 'hover-consumer.ts');
const SOURCE = `import { openNode } from '../../engine/node/loader.ts';
const bible = await openNode();
export const entry = await bible.GetStrongs({ id: 'G26' });
export const verse = await bible.GetVerse({ verseId: '43003016', versoinId: 'web' });
export const broad = await bible.GetSearchAdvanced({ query: 'love', matchType: 'broad' });
export const chapter = await bible.GetChapter({ bookId: 43, chapterId: 3, versionId: 'web' });
`;

function languageService(): ts.LanguageService {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [CONSUMER],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = file === CONSUMER ? SOURCE : ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => ROOT,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => file === CONSUMER || ts.sys.fileExists(file),
    readFile: (file) => (file === CONSUMER ? SOURCE : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

const textOf = (parts: readonly ts.SymbolDisplayPart[] | undefined) => (parts ?? []).map((p) => p.text).join('');

describe('JSDoc from the operation table', () => {
  it('engine/core/typed-docs.ts is what `npm run docs:types` writes from the table', () => {
    expect(readFileSync(TYPED_DOCS, 'utf8')).toBe(renderTypedDocs());
  });

  it('documents every operation and every parameter of the table', () => {
    const docs = readFileSync(TYPED_DOCS, 'utf8');
    for (const name of OPERATION_NAMES) expect(docs, name).toMatch(new RegExp(`\\n  ${name}\\(`));
  });

  describe('in an editor', () => {
    const service = languageService();
    const hover = (needle: string, offset = 0) => {
      const at = SOURCE.indexOf(needle) + offset;
      const info = service.getQuickInfoAtPosition(CONSUMER, at);
      const tags = (info?.tags ?? []).map((t) => `@${t.name} ${textOf(t.text)}`).join('\n');
      return `${textOf(info?.displayParts)}\n${textOf(info?.documentation)}\n${tags}`;
    };

    it('GetStrongs shows its summary and an example call', () => {
      const shown = hover('GetStrongs', 2);
      expect(shown).toContain("A Strong's dictionary entry");
      expect(shown).toContain('@example');
      expect(shown).toContain('bible.GetStrongs(');
      // The first question to the language service typechecks the engine: minutes on a busy machine.
    }, 300_000);

    it('a parameter shows its description, allowed values, default and example', () => {
      expect(hover("verseId: '43003016'")).toContain('8-digit verse id');
      expect(hover("matchType: 'broad'")).toMatch(/Allowed values: "exact", "broad"/);
      const versionId = hover("versionId: 'web'");
      expect(versionId).toContain('@defaultValue "kjv"');
      expect(versionId).toContain('@example "kjv"');
    });

    it('a misspelt parameter fails the typecheck, naming the real one', () => {
      const messages = service
        .getSemanticDiagnostics(CONSUMER)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(messages.join('\n')).toMatch(/versoinId[\s\S]*Did you mean to write 'versionId'\?/);
    });
  });
});
