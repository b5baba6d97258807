/** The parts of @20minutes/s3rver (a fork of s3rver, which ships no types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface S3rverOptions {
    directory: string;
    silent?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    /** The Koa app's request handler. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    logger: { close(): void };
  }
}
