// A pack's schema: its name and its sections, each with a kind (and, for JSON, the type of its value).
// The compiler writes a pack from its schema and the engine reads it through the same schema, so a
// section name misspelt on either side, or a value of the wrong kind or shape, fails the typecheck.
import type { PackDeclaration, SectionKindName } from './format.ts';
import type { Blocks, Pack } from './reader.ts';

/** One section. `json` is never set: it only carries the type of a JSON section's value. */
export interface SectionSpec<Kind extends SectionKindName = SectionKindName, Json = unknown> {
  readonly kind: Kind;
  readonly json?: Json;
}

export type PackSections = { readonly [section: string]: SectionSpec };

/** Section kinds for schemas: `{ ids: u32, info: json<Info>() }`. */
export const bytes: SectionSpec<'bytes'> = { kind: 'bytes' };
export const u32: SectionSpec<'u32'> = { kind: 'u32' };
export const u16: SectionSpec<'u16'> = { kind: 'u16' };
export const utf8: SectionSpec<'utf8'> = { kind: 'utf8' };
export const json = <T>(): SectionSpec<'json', T> => ({ kind: 'json' });

/** The names of a kind of pack with one file per key: `${kind}-${key}` ('text-kjv' for the key 'kjv'). */
export type KeyedNaming<Kind extends string = string> = ((key: string) => string) & { readonly kind: Kind };

/** Names a kind of pack with one file per key: keyed('text') names 'text-kjv' for the key 'kjv'. */
export const keyed = <const Kind extends string>(kind: Kind): KeyedNaming<Kind> =>
  Object.assign((key: string) => `${kind}-${key}`, { kind });

/** A pack's name: fixed ('study'), or one per key (keyed('text')). */
export type PackNaming = string | KeyedNaming;

export interface PackSchema<Sections extends PackSections = PackSections, Name extends PackNaming = PackNaming> {
  readonly name: Name;
  /** what every pack of this schema declares itself to be (format.ts: PackDeclaration): the fixed
   *  name, or the keyed names' kind ('text' for text-kjv) */
  readonly kind: string;
  readonly sections: Sections;
}

export function definePack<const Name extends PackNaming, const Sections extends PackSections>(
  name: Name,
  sections: Sections,
): PackSchema<Sections, Name> {
  return { name, kind: typeof name === 'string' ? name : name.kind, sections };
}

/** The file name of a schema's pack; a keyed schema needs its key. */
export function packName(schema: PackSchema, key?: string): string {
  if (typeof schema.name === 'string') return schema.name;
  if (key === undefined) throw new Error('this pack has one file per key: give the key');
  return schema.name(key);
}

/** The names of a schema's sections of one kind. */
export type SectionsOfKind<Sections extends PackSections, Kind extends SectionKindName> = {
  [Name in keyof Sections]: Sections[Name]['kind'] extends Kind ? Name : never;
}[keyof Sections] &
  string;

/** The type of a JSON section's value. */
export type JsonOf<Spec> = Spec extends SectionSpec<'json', infer T> ? T : never;

/**
 * A pack read through its schema: the same object as the untyped Pack, with section names limited to
 * those the schema declares for each kind. Properties, not methods, so the names are checked strictly.
 */
export interface TypedPack<Sections extends PackSections> {
  readonly name: string;
  readonly declaration: PackDeclaration;
  readonly bytes: (section: SectionsOfKind<Sections, 'bytes'>) => Uint8Array;
  readonly u32: (section: SectionsOfKind<Sections, 'u32'>) => Uint32Array;
  readonly u16: (section: SectionsOfKind<Sections, 'u16'>) => Uint16Array;
  readonly text: (section: SectionsOfKind<Sections, 'utf8'>) => string;
  readonly utf8Bytes: (section: SectionsOfKind<Sections, 'utf8'>) => Uint8Array;
  readonly json: <Name extends SectionsOfKind<Sections, 'json'>>(section: Name) => JsonOf<Sections[Name]>;
  readonly blocks: (section: SectionsOfKind<Sections, 'utf8' | 'bytes'>) => Blocks;
}

/** The loaded pack of a schema, typed by it. */
export type PackOf<Schema extends PackSchema> = TypedPack<Schema['sections']>;

/** Reads a pack through a schema. The pack is unchanged; only its type narrows. */
export const withSchema = <Sections extends PackSections>(
  pack: Pack,
  _schema: PackSchema<Sections>,
): TypedPack<Sections> => pack;

/** What the writer takes for a section of each kind; a list of parts is stored as one block per part. */
export type SectionData<Spec extends SectionSpec> =
  Spec extends SectionSpec<'bytes'>
    ? Uint8Array | readonly Uint8Array[]
    : Spec extends SectionSpec<'u32'>
      ? Uint32Array | readonly number[]
      : Spec extends SectionSpec<'u16'>
        ? Uint16Array | readonly number[]
        : Spec extends SectionSpec<'utf8'>
          ? string | readonly string[]
          : JsonOf<Spec>;

/** A value for every section of a schema. */
export type PackData<Schema extends PackSchema> = {
  [Name in keyof Schema['sections']]: SectionData<Schema['sections'][Name]>;
};
