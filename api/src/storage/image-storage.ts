import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/**
 * Where uploaded product images live. Keys are relative paths such as `products/ab12-card.webp`,
 * served at `/uploads/<key>`. A local directory now; an object store can implement the same.
 */
export interface ImageStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');

export class LocalImageStorage implements ImageStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(this.root + '/')) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
