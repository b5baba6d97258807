import { Module } from '@nestjs/common';
import { RefundMetrics } from './refund-metrics';
import { RefundsController } from './refunds.controller';
import { RefundsService } from './refunds.service';

@Module({ controllers: [RefundsController], providers: [RefundsService, RefundMetrics], exports: [RefundsService] })
export class RefundsModule {}
