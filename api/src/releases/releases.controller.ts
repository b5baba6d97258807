import { Body, Controller, Get, NotFoundException, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit } from '../common/access.decorator';
import { isFrontendApp } from './frontend-apps';
import { ReleaseChangeListener } from './release-change-listener';
import { ReleasesService, type AppReleases } from './releases.service';
import { SwitchReleaseDto } from './dto/switch-release.dto';

@ApiTags('releases')
@ApiBearerAuth()
@Permit('shop')
@Controller('admin/releases')
export class ReleasesController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly listener: ReleaseChangeListener,
  ) {}

  /** Per frontend: the live release, what rollback would go back to, the releases kept, the audit trail. */
  @Get()
  async list(): Promise<{ apps: AppReleases[] }> {
    return { apps: await this.releases.overview() };
  }

  /** Makes a release live in one step; every API process serves it from the next page load. */
  @Put(':app')
  async switch(@Acting() act: StaffAct, @Param('app') app: string, @Body() body: SwitchReleaseDto): Promise<AppReleases> {
    if (!isFrontendApp(app)) throw new NotFoundException(`No frontend called ${app}: shell, storefront-mfe or admin-mfe`);
    const result = await this.releases.promote(app, body.release, { force: body.force, actor: { userId: act.id, name: act.email, staff: act } });
    // This process switches now; the others hear the database's notice.
    await this.listener.reload();
    return result;
  }
}
