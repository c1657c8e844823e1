// The word coding's encoder lives beside its decoder in the engine (the package ships it for `bible import`).
export * from '../../engine/core/pack/word-encoder.ts';
