import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { IMAGE_STORAGE, ImageStorage } from '../storage/image-storage';

/** Square renditions made for every product image: grid cards and the detail page. */
export const IMAGE_RENDITIONS = { card: 480, detail: 1000 } as const;

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
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  /** Stores the renditions and returns the key they share; throws ImageRejectedError for bad input. */
  async store(input: Buffer): Promise<string> {
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
    const key = `products/${randomBytes(12).toString('hex')}`;
    try {
      await Promise.all(renditions.map(([name, data]) => this.storage.put(`${key}-${name}.webp`, data)));
    } catch (error) {
      await this.remove(key).catch(() => undefined);
      throw error;
    }
    return key;
  }

  async remove(key: string): Promise<void> {
    await Promise.all(Object.keys(IMAGE_RENDITIONS).map((name) => this.storage.remove(`${key}-${name}.webp`)));
  }
}
