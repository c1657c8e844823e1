// Service information and the endpoint list, generated from the operation table.
import type { OperationDef } from '../operation.ts';
import { dataBuild, LICENSING_PACK } from './licensing.ts';

/** This engine's code version (package.json "version"; a test keeps the two equal). */
export const ENGINE_VERSION = '0.1.0';

export function infoOperations(table: () => readonly OperationDef[]): OperationDef[] {
  return [
    {
      name: 'GetInfo', family: 'info', summary: 'This engine: name, description, type, version, parent, authors, engineVersion and dataBuild {date, manifestHash, packCount, excludedCategories}.',
      params: [],
      packs: () => [LICENSING_PACK],
      run: (ctx) => ({ ...ctx.meta.service, engineVersion: ENGINE_VERSION, dataBuild: dataBuild(ctx) }),
    },
    {
      name: 'GetEndpoints', family: 'info', summary: 'Every operation with its parameters, generated from the operation table.',
      params: [],
      run: () => table().map((op) => ({
        name: op.name,
        path: `/${op.name}`,
        family: op.family,
        summary: op.summary,
        params: op.params.map((s) => ({
          name: s.name,
          required: Boolean(s.required),
          ...(s.default !== undefined ? { default: String(s.default) } : {}),
          description: s.description,
        })),
      })),
    },
  ];
}
