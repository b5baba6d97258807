import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AdminStats, SalesStats } from '@thalir/contracts';
import { Permit } from '../common/access.decorator';
import { AdminStatsService } from './admin-stats.service';
import { DEFAULT_SALES_DAYS, SalesStatsQuery } from './sales-stats.query';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
export class AdminController {
  constructor(private readonly stats: AdminStatsService) {}

  @Permit('reports')
  @Get('stats')
  summary(): Promise<AdminStats> {
    return this.stats.summary();
  }

  @Permit('reports')
  @Get('stats/sales')
  sales(@Query() query: SalesStatsQuery): Promise<SalesStats> {
    return this.stats.sales(query.days ?? DEFAULT_SALES_DAYS);
  }
}
