import { Module, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { OrdersModule } from '../orders/orders.module';
import { SubscriptionCreditLedger } from './subscription-credit-ledger';
import { makeDueDeliveriesJob, SubscriptionDeliveries, writeComingRowsJob } from './subscription-deliveries';
import { AdminSubscriptionPlansController, SubscriptionPlansController } from './subscription-plans.controller';
import { SubscriptionPlansService } from './subscription-plans.service';
import { AdminSubscriptionsController, SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

@Module({
  imports: [OrdersModule],
  controllers: [SubscriptionPlansController, AdminSubscriptionPlansController, SubscriptionsController, AdminSubscriptionsController],
  providers: [SubscriptionPlansService, SubscriptionsService, SubscriptionCreditLedger, SubscriptionDeliveries],
  exports: [SubscriptionsService, SubscriptionDeliveries],
})
export class SubscriptionsModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly deliveries: SubscriptionDeliveries,
  ) {}

  onModuleInit(): void {
    this.jobs.define(writeComingRowsJob(this.deliveries));
    this.jobs.define(makeDueDeliveriesJob(this.deliveries));
  }
}
