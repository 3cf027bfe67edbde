// The error bodies a spec declares, read from openapi-typescript's `operations`: for the type tests
// that hold HttpError's `body` type (rest-core's ErrorBody) to what the Data and Metrics specs say.

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Success = 200 | 201 | 202 | 203 | 204;

/** The JSON body of every non-2XX response of every operation, as one union. */
export type FailureBodies<Operations> = {
  [K in keyof Operations]: Operations[K] extends { responses: infer R }
    ? { [S in Exclude<keyof R, Success>]: Json<R[S]> }[Exclude<keyof R, Success>]
    : never;
}[keyof Operations];
