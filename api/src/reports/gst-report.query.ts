import { IsIn, IsString, Matches } from 'class-validator';
import { GST_REPORT_TABLES, type GstReportTable } from '@thalir/contracts';
import { REPORT_MONTH } from './gst-report';

const MONTH_MESSAGE = 'month must be a month like 2026-05';

/** `?month=YYYY-MM`: a calendar month in India. */
export class GstReportQuery {
  @Matches(REPORT_MONTH, { message: MONTH_MESSAGE })
  @IsString({ message: MONTH_MESSAGE })
  month!: string;
}

/** `?month=YYYY-MM&table=b2cs`: one table of the return, as the offline tool imports it. */
export class GstReportCsvQuery extends GstReportQuery {
  @IsIn(GST_REPORT_TABLES, { message: `table must be one of ${GST_REPORT_TABLES.join(', ')}` })
  table!: GstReportTable;
}
