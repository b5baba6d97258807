import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { ReleasesModule } from '../../releases/releases.module';
import { Sitemaps } from '../seo/sitemaps';
import { PageRenderer } from './page-renderer';

/** The storefront's pages as HTML (server-rendered), the sitemaps and robots.txt. Routes: page-routes.ts. */
@Module({
  imports: [CatalogModule, ReleasesModule],
  providers: [PageRenderer, Sitemaps],
  exports: [PageRenderer, Sitemaps],
})
export class PagesModule {}
