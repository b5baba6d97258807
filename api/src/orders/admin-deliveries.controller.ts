import { BadRequestException, Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { DeliveryRun } from '@thalir/contracts';
import { AdminOnly } from '../common/access.decorator';
import { isCalendarDate } from '../delivery/delivery-rules';
import { DeliveryRuns } from './delivery-run';

/** The back office's view of a day's deliveries. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/deliveries')
export class AdminDeliveriesController {
  constructor(private readonly runs: DeliveryRuns) {}

  @AdminOnly()
  @Get(':date')
  run(@Param('date') date: string): Promise<DeliveryRun> {
    if (!isCalendarDate(date)) throw new BadRequestException('The date must look like 2026-11-26');
    return this.runs.forDate(date);
  }
}
