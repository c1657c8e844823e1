// The OpenAPI document: valid OpenAPI 3.1 by a maintained validator, naming every operation and every
// second-generation path, and true to what the engine answers: each specification example's answer
// conforms to the JSON Schema the document gives for it, and each documented parameter example is
// accepted by the operation.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
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
