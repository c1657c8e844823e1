// A request's headers as every host has them: node:http's IncomingHttpHeaders, or a fetch Request's
// headers copied into an object (names in lower case).
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;
