// Type-checking shim: the page imports './engine.js', which the bundler leaves external so the page
// loads the bundle beside it (dist/web/engine.js) instead of carrying a second copy of the engine.
export * from '../index.ts';
