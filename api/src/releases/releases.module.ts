import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../jobs/clock';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { FrontendDirs } from '../web/frontend-dirs';
import { SharedBuildAssets } from './build-assets';
import { LiveReleases } from './live-releases';
import { ReleaseChangeListener } from './release-change-listener';
import { ReleaseStore } from './release-store';
import { ReleasesController } from './releases.controller';
import { ReleasesService } from './releases.service';

@Module({
  controllers: [ReleasesController],
  providers: [
    {
      provide: ReleaseStore,
      useFactory: (storage: ObjectStorage, config: AppConfig, clock: Clock) => new ReleaseStore(storage, config.releasesDir, () => clock.now().getTime()),
      inject: [OBJECT_STORAGE, APP_CONFIG, Clock],
    },
    {
      provide: ReleasesService,
      useFactory: (dataSource: DataSource, store: ReleaseStore, config: AppConfig) =>
        new ReleasesService(dataSource, store, config.webRoot, config.releasesKeep),
      inject: [DataSource, ReleaseStore, APP_CONFIG],
    },
    LiveReleases,
    ReleaseChangeListener,
    FrontendDirs,
    SharedBuildAssets,
  ],
  exports: [FrontendDirs, SharedBuildAssets, ReleaseStore],
})
export class ReleasesModule {}
