// The OpenAPI document: valid OpenAPI 3.1 by a maintained validator, naming every operation and every
// second-generation path, and true to what the engine answers: each specification example's answer
// conforms to the JSON Schema the document gives for it, and each documented parameter example is
// accepted by the operation.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { API_V2_PATHS } from '../../engine/core/ops/licensing.ts';
import { ENGINE_VERSION } from '../../engine/core/ops/info.ts';
import { openApiDocument } from '../../engine/core/openapi.ts';
import { coerceParams } from '../../engine/core/params.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from '../hosts/http.ts';
import { parseKeyFile } from '../../engine/node/keys.ts';
import { SPEC_EXAMPLES } from './spec-examples.ts';

type Doc = {
  paths: Record<string, Record<string, any>>;
};

const AUDIO = 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3';

describe('the OpenAPI document', async () => {
  const engine = await bible();
  const versionIds = engine.meta.versions.map((v) => v.versionId);
  const doc = openApiDocument(OPERATIONS, { versionIds, version: ENGINE_VERSION, aliases: API_V2_PATHS }) as Doc;

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every operation of the table and every /api/v2 path', () => {
    for (const op of OPERATIONS) {
      expect(doc.paths[`/${op.name}`]?.get?.operationId, op.name).toBe(op.name);
      if (op.bodyParam) expect(doc.paths[`/${op.name}`].post?.requestBody, op.name).toBeDefined();
    }
    for (const [path, name] of Object.entries(API_V2_PATHS))
      expect(doc.paths[path]?.get?.summary, path).toBe(doc.paths[`/${name}`].get.summary);
    expect(Object.keys(doc.paths).length).toBe(OPERATIONS.length + Object.keys(API_V2_PATHS).length);
  });

  it('names the API-key headers the server reads and the 429 headers', () => {
    const full = doc as unknown as { components: { securitySchemes: Record<string, { name: string }> } };
    expect(Object.values(full.components.securitySchemes).map((s) => s.name)).toContain('x-api-key');
    const tooMany = (doc as any).components.responses.TooManyRequests;
    expect(Object.keys(tooMany.headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    );
  });

  it("each specification example's answer conforms to the document's schema for it", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const withAudio = await (await import('../../engine/node/loader.ts')).openNode({
      audio: { narration: AUDIO, chapter: AUDIO, music: 'https://cdn.example/music/{genre}.mp3' },
    });
    const failures: string[] = [];
    for (const example of SPEC_EXAMPLES) {
      const schema = doc.paths[`/${example.operation}`].get.responses['200'].content['application/json'].schema;
      const answer = await withAudio.call(example.operation as never, example.params as never);
      const validate = ajv.compile(schema);
      if (!validate(JSON.parse(JSON.stringify(answer))))
        failures.push(`${example.operation}: ${ajv.errorsText(validate.errors).slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it('is served at /openapi.json, without a key even when the server needs one', async () => {
    const srv = await startServer({
      keys: parseKeyFile(JSON.stringify({ plans: { free: 5 }, keys: { k_1: 'free' } })),
    });
    try {
      const answer = await get(srv.url, '/openapi.json');
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual(JSON.parse(JSON.stringify(doc)));
      expect((await get(srv.url, '/GetVerse?verseId=43003016')).status).toBe(401);
    } finally {
      await srv.close(100);
    }
  });

  const accepts = (operation: string, params: Record<string, string>) =>
    engine.call(operation as never, params as never).then(
      () => true,
      () => false,
    );
  const parameter = (operation: string, name: string) =>
    (doc.paths[`/${operation}`].get.parameters as { name: string; required: boolean; schema: object }[]).find(
      (p) => p.name === name,
    )!;
  const validators = new Map<object, (value: unknown) => boolean>();
  const schemaAccepts = (schema: object, value: unknown) => {
    if (!validators.has(schema)) validators.set(schema, new Ajv2020({ strict: false }).compile(schema));
    return validators.get(schema)!(value);
  };
  /** A number written in one of the digit forms the numeric parameters read. */
  const inDigits = (text: string, base: number) => text.replace(/[0-9]/g, (d) => String.fromCharCode(base + Number(d)));
  const DIGIT_BASES = [0x30, 0x660, 0x6f0, 0xff10];

  it('GetStrongs: lexiconId is optional, since id=G26 alone is answered', async () => {
    expect(await accepts('GetStrongs', { id: 'G26' })).toBe(true);
    expect(parameter('GetStrongs', 'lexiconId').required).toBe(false);
    expect(parameter('GetStrongs', 'id').required).toBe(true);
  });

  it("GetStrongs: a lettered id's schema accepts exactly the ids the engine answers, in every digit form", async () => {
    const schema = parameter('GetStrongs', 'id').schema;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('G', 'H', 'g', 'Ｇ', 'ｈ'),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom(...DIGIT_BASES),
        fc.boolean(),
        async (letter, n, base, padded) => {
          const id = `${letter}${inDigits(padded ? String(n).padStart(5, '0') : String(n), base)}`;
          expect(schemaAccepts(schema, id), id).toBe(await accepts('GetStrongs', { id }));
        },
      ),
      { numRuns: 300 },
    );
    for (const id of ['G5624', 'H8674', 'G1', 'H1']) expect(schemaAccepts(schema, id), id).toBe(true);
    for (const id of ['G5625', 'H8675', 'G0', 'X12']) expect(schemaAccepts(schema, id), id).toBe(false);
  });

  it('verseId: the pattern takes the digit forms the engine reads', async () => {
    const schema = parameter('GetVerse', 'verseId').schema;
    for (const base of DIGIT_BASES) {
      const id = inDigits('43003016', base);
      expect([schemaAccepts(schema, id), await accepts('GetVerse', { verseId: id })], id).toEqual([true, true]);
    }
  });

  it('declares 414 for every operation, which the server answers to an overlong URL', async () => {
    for (const path of Object.values(doc.paths)) expect(path.get.responses['414'], path.get.operationId).toBeDefined();
    const server = await startServer();
    try {
      const answer = await get(server.url, `/GetVerse?verseId=43003016&x=${'a'.repeat(9000)}`);
      expect(answer.status).toBe(414);
    } finally {
      await server.close();
    }
  });

  it("every parameter's example is accepted by its operation", () => {
    const refused: string[] = [];
    for (const op of OPERATIONS) {
      const params = Object.fromEntries(
        (doc.paths[`/${op.name}`].get.parameters as { name: string; example: string }[]).map((p) => [
          p.name,
          p.example,
        ]),
      );
      try {
        coerceParams(op.name, op.params, params, engine.meta, true);
      } catch (error) {
        refused.push(`${op.name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
