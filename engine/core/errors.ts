// Every failure the caller can cause surfaces as a BibleError with a stable code, so hosts can map it
// (CLI exit code 2, HTTP 400/404) without parsing messages.

export type BibleErrorCode = 'INVALID_PARAMETER' | 'MISSING_PARAMETER' | 'UNKNOWN_OPERATION' | 'NOT_AVAILABLE';

export class BibleError extends Error {
  readonly code: BibleErrorCode;
  readonly param: string | null;

  constructor(code: BibleErrorCode, message: string, param: string | null = null) {
    super(message);
    this.name = 'BibleError';
    this.code = code;
    this.param = param;
  }

  toJSON(): { error: { code: BibleErrorCode; message: string; param: string | null } } {
    return { error: { code: this.code, message: this.message, param: this.param } };
  }
}
// The class's own name, which the compiled package's short local names would otherwise replace (`F`): Node
// prints an error as `<class name> [<error name>]` when they differ, and apps read `err.constructor.name`.
Object.defineProperty(BibleError, 'name', { value: 'BibleError' });

// How Node shows one (console.log, util.inspect, an uncaught throw) is `BibleError [INVALID_PARAMETER]: …`
// on its first line, as Node shows its own coded errors: Node's inspect puts an error's string tag beside
// its class name. The tag is read when shown, so a refused call costs no stack formatting.
Object.defineProperty(BibleError.prototype, Symbol.toStringTag, {
  get(this: BibleError) {
    return this.code;
  },
  configurable: true,
});

export function invalid(param: string, message: string): BibleError {
  return new BibleError('INVALID_PARAMETER', message, param);
}

export function notAvailable(message: string, param: string | null = null): BibleError {
  return new BibleError('NOT_AVAILABLE', message, param);
}
