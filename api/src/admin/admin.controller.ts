import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AdminStats } from '@thalir/contracts';
import { AdminOnly } from '../common/access.decorator';
import { AdminStatsService } from './admin-stats.service';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
export class AdminController {
  constructor(private readonly stats: AdminStatsService) {}

  @AdminOnly()
  @Get('stats')
  summary(): Promise<AdminStats> {
    return this.stats.summary();
  }
}
