import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { IMAGE_STORAGE, LocalImageStorage } from './image-storage';

export function uploadsDir(config: AppConfig): string {
  return join(config.dataDir, 'uploads');
}

@Global()
@Module({
  providers: [{ provide: IMAGE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalImageStorage(uploadsDir(config)) }],
  exports: [IMAGE_STORAGE],
})
export class StorageModule {}
