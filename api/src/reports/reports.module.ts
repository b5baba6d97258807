import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { GstReportService } from './gst-report.service';
import { ReportsController } from './reports.controller';

@Module({ imports: [OrdersModule], controllers: [ReportsController], providers: [GstReportService] })
export class ReportsModule {}
