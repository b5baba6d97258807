import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FrontendDirs } from '../web/frontend-dirs';
import { LiveReleases } from './live-releases';
import { ReleaseChangeListener } from './release-change-listener';
import { ReleaseStore } from './release-store';
import { ReleasesController } from './releases.controller';
import { ReleasesService } from './releases.service';

@Module({
  controllers: [ReleasesController],
  providers: [
    { provide: ReleaseStore, useFactory: (config: AppConfig) => new ReleaseStore(config.releasesDir), inject: [APP_CONFIG] },
    {
      provide: ReleasesService,
      useFactory: (dataSource: DataSource, store: ReleaseStore, config: AppConfig) =>
        new ReleasesService(dataSource, store, config.webRoot, config.releasesKeep),
      inject: [DataSource, ReleaseStore, APP_CONFIG],
    },
    LiveReleases,
    ReleaseChangeListener,
    FrontendDirs,
  ],
  exports: [FrontendDirs],
})
export class ReleasesModule {}
