import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type GstReport, gstr1CsvFileName } from '@thalir/contracts';
import { Permit } from '../common/access.decorator';
import { GstReportCsvQuery, GstReportQuery } from './gst-report.query';
import { GstReportService } from './gst-report.service';
import { gstr1Csv } from './gstr1-csv';

/** Reports for the accountant: the month's GST return (GSTR-1), as JSON and as the offline tool's CSV files. */
@ApiTags('admin')
@ApiBearerAuth()
@Permit('reports')
@Controller('admin/reports')
export class ReportsController {
  constructor(private readonly gst: GstReportService) {}

  @Get('gst')
  gstReport(@Query() query: GstReportQuery): Promise<GstReport> {
    return this.gst.report(query.month);
  }

  /** Headers set only once the CSV exists: a refusal (400) still answers JSON. */
  @Get('gst.csv')
  @ApiProduces('text/csv')
  async gstReportCsv(@Query() query: GstReportCsvQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const csv = gstr1Csv(await this.gst.report(query.month), query.table);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${gstr1CsvFileName(query.month, query.table)}"`)
      .header('cache-control', 'private, no-store');
    return csv;
  }
}
