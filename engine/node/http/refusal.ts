// What the server answers instead of an operation's result: a status, the API's error body, and any
// headers that go with it. Each request step returns one of these rather than writing to the response,
// so the steps are plain functions a test can call.

export type ErrorBody = { error: { code: string; message: string; param: string | null } };

export interface Refusal {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

export const errorBody = (code: string, message: string, param: string | null = null): ErrorBody => ({
  error: { code, message, param },
});

export const refusal = (status: number, code: string, message: string, headers?: Record<string, string>): Refusal => ({
  status,
  body: errorBody(code, message),
  ...(headers ? { headers } : {}),
});

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
