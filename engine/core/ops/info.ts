// Service information and the endpoint list, generated from the operation table.
import { defineOperation } from '../operation.ts';
import { arrayOf, boolean, describeShape, number, object, optional, recordOf, string, type Infer } from '../shape.ts';
import { dataBuild } from './licensing.ts';
import { LICENSING_PACK } from '../pack/schemas.ts';

/** This engine's code version (package.json "version"; a test keeps the two equal). */
export const ENGINE_VERSION = '0.1.0';

const DATA_BUILD = object(
  {},
  { date: string, dateSource: string, manifestHash: string, packCount: number, excludedCategories: arrayOf(string) },
);

const PARAM_DETAIL = object(
  {},
  {
    name: string,
    required: boolean,
    type: string,
    default: optional(string),
    values: optional(arrayOf(string)),
    description: string,
  },
);

const ENDPOINT = object(
  { params: arrayOf(string) },
  { path: string, family: string, summary: string, returns: string, parameters: arrayOf(PARAM_DETAIL) },
);

export const infoOperations = [
  defineOperation({
    name: 'GetInfo',
    family: 'info',
    summary:
      'This engine: appName, appDescription, appType, version, parentApplication, authors (strings, as the API gives them), then homepage, engineVersion and dataBuild {date, manifestHash, packCount, excludedCategories}.',
    params: [],
    result: object(
      {
        appName: string,
        appDescription: string,
        appType: string,
        version: string,
        parentApplication: string,
        authors: string,
      },
      { homepage: string, engineVersion: string, dataBuild: DATA_BUILD },
    ),
    packs: () => [LICENSING_PACK.name],
    run(ctx) {
      const service = ctx.meta.service;
      return {
        appName: service.name,
        appDescription: service.description,
        appType: service.type,
        version: service.version,
        parentApplication: service.parent,
        authors: service.authors.join(', '),
        homepage: String(service.homepage ?? ''),
        engineVersion: ENGINE_VERSION,
        dataBuild: dataBuild(ctx),
      };
    },
  }),
  defineOperation({
    name: 'GetEndpoints',
    family: 'info',
    summary:
      "Every operation, keyed by name: {params: [parameter names]} as the API gives it, with path, family, summary, the answer's shape and each parameter's details beside it. Generated from the operation table.",
    params: [],
    result: recordOf(ENDPOINT),
    run(ctx) {
      const endpoints: Record<string, Infer<typeof ENDPOINT>> = {};
      for (const op of ctx.operations) {
        endpoints[op.name] = {
          params: op.params.map((s) => s.name),
          path: `/${op.name}`,
          family: op.family,
          summary: op.summary,
          returns: describeShape(op.result),
          parameters: op.params.map((s) => ({
            name: s.name,
            required: Boolean(s.required),
            type: s.type,
            ...(s.default !== undefined ? { default: String(s.default) } : {}),
            ...(s.values && s.type === 'choice' ? { values: [...s.values] } : {}),
            ...(s.type === 'versionId' ? { values: ctx.meta.versions.map((v) => v.versionId) } : {}),
            description: s.description,
          })),
        };
      }
      return endpoints;
    },
  }),
] as const;
