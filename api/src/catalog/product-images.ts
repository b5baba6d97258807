import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';

/** Square renditions made for every product image: grid cards and the detail page. */
export const IMAGE_RENDITIONS = { card: 480, detail: 1000 } as const;

/** A rendition's key never names other bytes (every upload gets a fresh key), so it may be cached for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Product images are served from keys under this prefix; nothing else in storage is public. */
export const PUBLIC_IMAGE_PREFIX = 'products/';

/** The key of one rendition of the image stored under `imageKey` (`products/<id>`). */
export const renditionKey = (imageKey: string, name: keyof typeof IMAGE_RENDITIONS) => `${imageKey}-${name}.webp`;

/**
 * The upload as it came, kept (never served) so renditions can be made again at other sizes. It
 * still has its metadata (a phone's location, say): it stays out of the public prefix.
 */
export const originalKey = (imageKey: string) => `originals/${imageKey}`;

/** The media type of an original, by what sharp found in it. */
function originalType(meta: sharp.Metadata): string {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'image/avif' : 'image/heic';
  return `image/${meta.format}`;
}

/** Raster formats a product photo may arrive in (AVIF and HEIC report as heif). SVG is refused: it is a document, not a picture. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Effort 2 encodes in about half the time of the default 4 for files some 7% larger. */
const WEBP = { quality: 80, effort: 2 } as const;
/** Decoding cost grows with pixels, not bytes: a tiny file can claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageRejectedError extends Error {
  constructor(
    readonly status: HttpStatus.PAYLOAD_TOO_LARGE | HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    message: string,
  ) {
    super(message);
  }
}

const NOT_AN_IMAGE = 'The file is not a supported image. Please upload a JPEG, PNG, WebP, GIF or AVIF picture.';

/**
 * Re-encodes an upload into WebP renditions. Decoding with sharp is the content check: a text file
 * named .png fails here, and re-encoding drops metadata and anything hidden in the original bytes.
 */
@Injectable()
export class ProductImages {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /**
   * Stores the original and the renditions, and returns the key they share; throws
   * ImageRejectedError for bad input. `keepOriginal: false` is for pictures the shop makes itself.
   */
  async store(input: Buffer, options: { keepOriginal?: boolean } = {}): Promise<string> {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(input).metadata();
    } catch {
      throw new ImageRejectedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, NOT_AN_IMAGE);
    }
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw new ImageRejectedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, NOT_AN_IMAGE);
    }
    if (meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw new ImageRejectedError(HttpStatus.PAYLOAD_TOO_LARGE, 'The image has too many pixels (50 megapixels at most)');
    }
    let renditions: [string, Buffer][];
    try {
      renditions = await Promise.all(
        Object.entries(IMAGE_RENDITIONS).map(async ([name, size]): Promise<[string, Buffer]> => [
          name,
          await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(size, size, { fit: 'cover' }).webp(WEBP).toBuffer(),
        ]),
      );
    } catch {
      // A header that reads fine over pixel data that does not: a truncated or forged file.
      throw new ImageRejectedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, NOT_AN_IMAGE);
    }
    // A fresh key per upload: files are never overwritten, so they can be cached forever.
    const key = `${PUBLIC_IMAGE_PREFIX}${randomBytes(12).toString('hex')}`;
    const writes = renditions.map(([name, data]) =>
      this.storage.put(renditionKey(key, name as keyof typeof IMAGE_RENDITIONS), data, { contentType: 'image/webp', cacheControl: IMAGE_CACHE_CONTROL }),
    );
    if (options.keepOriginal !== false) writes.push(this.storage.put(originalKey(key), input, { contentType: originalType(meta) }));
    // Every write settles before any clean-up, so none lands after the files are removed.
    const failed = (await Promise.allSettled(writes)).find((result) => result.status === 'rejected');
    if (failed) {
      await this.remove(key).catch(() => undefined);
      throw failed.reason;
    }
    return key;
  }

  async remove(key: string): Promise<void> {
    const keys = [...Object.keys(IMAGE_RENDITIONS).map((name) => renditionKey(key, name as keyof typeof IMAGE_RENDITIONS)), originalKey(key)];
    await Promise.all(keys.map((stored) => this.storage.delete(stored)));
  }
}
