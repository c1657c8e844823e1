// The compiler's face of the one pack writer (engine/core/pack/writer.ts, which the package ships for
// `bible import`), with Node's zlib as its DEFLATE.
import { deflateRawSync } from 'node:zlib';
import type { PackDeclaration } from '../../engine/core/pack/format.ts';
import { type DeflateJob, type SectionValue, writePackWith } from '../../engine/core/pack/writer.ts';

export * from '../../engine/core/pack/writer.ts';

/** zlib at a job's level: the same input always gives the same bytes. */
export const zlibDeflate = (job: DeflateJob): Uint8Array =>
  deflateRawSync(job.bytes, { level: job.level, memLevel: 9 });

/** Serialises and compresses each block with zlib, in this thread. */
export function writePack(sections: Record<string, SectionValue>, declaration: PackDeclaration): Uint8Array {
  return writePackWith(zlibDeflate, sections, declaration);
}
