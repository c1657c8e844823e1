// Service information and the endpoint list, generated from the operation table.
import type { OperationDef } from '../operation.ts';

export function infoOperations(table: () => readonly OperationDef[]): OperationDef[] {
  return [
    {
      name: 'GetInfo', family: 'info', summary: 'This engine: name, description, type, version, parent, authors.',
      params: [],
      run: (ctx) => ctx.meta.service,
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
