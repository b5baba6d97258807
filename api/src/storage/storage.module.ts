import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LocalObjectStorage } from './local-object-storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

export function uploadsDir(config: AppConfig): string {
  return join(config.dataDir, 'uploads');
}

/** The driver STORAGE_DRIVER names: DATA_DIR/uploads (the default) or the S3 bucket. */
export function createObjectStorage(config: AppConfig): ObjectStorage {
  return config.storage.driver === 's3' ? new S3ObjectStorage(config.storage) : new LocalObjectStorage(uploadsDir(config));
}

@Global()
@Module({
  providers: [{ provide: OBJECT_STORAGE, inject: [APP_CONFIG], useFactory: createObjectStorage }],
  exports: [OBJECT_STORAGE],
})
export class StorageModule {}
