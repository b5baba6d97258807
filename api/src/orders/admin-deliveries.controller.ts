import { BadRequestException, Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { DeliveryRun } from '@thalir/contracts';
import { Permit } from '../common/access.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isCalendarDate } from '../delivery/delivery-rules';
import { DeliveryRuns } from './delivery-run';
import { DeliverySheet } from './delivery-sheet';

const SHEET_SUFFIX = '.pdf';

/** The back office's view of a day's deliveries: the run as JSON, or `<date>.pdf` as the printable sheet. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/deliveries')
export class AdminDeliveriesController {
  constructor(
    private readonly runs: DeliveryRuns,
    private readonly sheet: DeliverySheet,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Permit('orders.read')
  @Get(':date')
  @ApiProduces('application/json', 'application/pdf')
  async run(@Param('date') param: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeliveryRun | Buffer> {
    const asSheet = param.endsWith(SHEET_SUFFIX);
    const date = asSheet ? param.slice(0, -SHEET_SUFFIX.length) : param;
    if (!isCalendarDate(date)) throw new BadRequestException('The date must look like 2026-11-26');
    const run = await this.runs.forDate(date);
    if (!asSheet) return run;
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="Deliveries_${date}.pdf"`)
      .header('cache-control', 'private, no-store');
    return this.sheet.render(run, this.config.seller.legalName);
  }
}
