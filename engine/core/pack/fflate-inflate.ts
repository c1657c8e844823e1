// The engine's own raw-deflate decompressor (fflate), for hosts without a native one (browsers, React
// Native). open() imports this module only when the host passes no inflate of its own, so a host that
// does (Node, with zlib) neither loads nor compiles it.
import { inflateSync } from 'fflate';
import type { Inflate } from './reader.ts';

export const fflateInflate: Inflate = (compressed, expectedLength) =>
  inflateSync(compressed, { out: new Uint8Array(expectedLength) });
