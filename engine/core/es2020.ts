// Library calls newer than ES2020, written with what ES2020 has: the engine promises to run on ES2020
// runtimes (Hermes in React Native, older web views), where calling a missing method is a TypeError and
// testing for it (`s.isWellFormed?.()`) would skip the check. tsconfig.es2020.json type-checks
// engine/core against ES2020's library, so a newer call fails the host matrix (scripts/test-hosts.ts).

const ownPropertyTest = Object.prototype.hasOwnProperty;

/** Object.hasOwn (ES2022): whether `key` is the object's own property, not one it inherits. */
export const hasOwn = (object: object, key: PropertyKey): boolean => ownPropertyTest.call(object, key);

/** A lone surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** String.prototype.isWellFormed (ES2024): whether the text has no half of a surrogate pair alone. */
export const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);
