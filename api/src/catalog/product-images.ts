import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { IMAGE_STORAGE, ImageStorage } from '../storage/image-storage';

/** Square renditions made for every product image: grid cards and the detail page. */
export const IMAGE_RENDITIONS = { card: 480, detail: 1000 } as const;

export class NotAnImageError extends Error {}

/**
 * Re-encodes an upload into WebP renditions. Decoding with sharp is the content check: a text file
 * named .png fails here, and re-encoding drops metadata and anything hidden in the original bytes.
 */
@Injectable()
export class ProductImages {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  async store(input: Buffer): Promise<string> {
    try {
      const meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
      if (!meta.width || !meta.height) throw new NotAnImageError('not an image');
    } catch {
      throw new NotAnImageError('The file is not a supported image');
    }
    // A fresh key per upload: files are never overwritten, so they can be cached forever.
    const key = `products/${randomBytes(12).toString('hex')}`;
    await Promise.all(
      Object.entries(IMAGE_RENDITIONS).map(async ([name, size]) => {
        const output = await sharp(input, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(size, size, { fit: 'cover' })
          .webp({ quality: 80 })
          .toBuffer();
        await this.storage.put(`${key}-${name}.webp`, output);
      }),
    );
    return key;
  }

  async remove(key: string): Promise<void> {
    await Promise.all(Object.keys(IMAGE_RENDITIONS).map((name) => this.storage.remove(`${key}-${name}.webp`)));
  }
}
