import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** Below this size compression saves less than the headers it costs. */
const COMPRESSION_THRESHOLD = 1024;
/** Bodies up to this size get their compressed variants made at once; bigger ones on first demand. */
const EAGER_COMPRESSION_LIMIT = 1024 * 1024;

/**
 * How hard to compress: `best` for answers kept until the catalogue changes, `quick` for answers
 * rewritten as stock moves (brotli 11 takes about 10 ms for a 12 KB page of products, quality 5
 * about 0.3 ms for 5% more bytes).
 */
export type CompressionEffort = 'best' | 'quick';

/**
 * The best ratio is affordable for page-sized bodies; the whole 100,000-product catalogue (tens of
 * MB) would take a minute at brotli quality 11, so large bodies trade ratio for speed.
 */
function brotliQuality(size: number, effort: CompressionEffort): number {
  if (effort === 'quick') return 5;
  if (size <= 256 * 1024) return 11;
  if (size <= 4 * 1024 * 1024) return 8;
  return 5;
}

/**
 * One JSON answer serialised once, with an ETag and its compressed variants, so a cache hit is a
 * header lookup and a write of ready bytes. The ETag is weak and derived from the content: the
 * same for every encoding and for every API process, so a revalidation can answer 304 anywhere.
 */
export class CachedJson {
  readonly etag: string;
  private readonly compressed: Partial<Record<ContentEncoding, Buffer>> = {};
  private readonly pending: Partial<Record<ContentEncoding, Promise<Buffer>>> = {};

  constructor(
    readonly body: Buffer,
    /** JSON unless said otherwise (the sitemaps and pages, kept in the same cache, are not). */
    readonly contentType = 'application/json; charset=utf-8',
    /** Make the compressed variants at once (else on first demand). */
    eagerCompression = true,
    private readonly effort: CompressionEffort = 'best',
  ) {
    this.etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    if (eagerCompression && this.isCompressible && body.length <= EAGER_COMPRESSION_LIMIT) {
      // Errors surface to the request that awaits the variant; nothing to do with them here.
      void this.variant('br').catch(() => undefined);
      void this.variant('gzip').catch(() => undefined);
    }
  }

  /** The request headers the answer depends on, besides its address. */
  get vary(): string {
    return 'accept-encoding';
  }

  get isCompressible(): boolean {
    return this.body.length >= COMPRESSION_THRESHOLD;
  }

  /** The compressed bytes if already made; the hot path sends these without waiting. */
  ready(encoding: ContentEncoding): Buffer | undefined {
    return this.compressed[encoding];
  }

  variant(encoding: ContentEncoding): Promise<Buffer> {
    const made = this.compressed[encoding];
    if (made) return Promise.resolve(made);
    this.pending[encoding] ??= (
      encoding === 'br'
        ? brotliAsync(this.body, {
            params: {
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_QUALITY]: brotliQuality(this.body.length, this.effort),
              [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length,
            },
          })
        : gzipAsync(this.body, { level: this.effort === 'best' && this.body.length <= EAGER_COMPRESSION_LIMIT ? 9 : 6 })
    ).then(
      (output) => {
        this.compressed[encoding] = output;
        delete this.pending[encoding];
        return output;
      },
      (error: unknown) => {
        delete this.pending[encoding];
        throw error;
      },
    );
    return this.pending[encoding]!;
  }
}
