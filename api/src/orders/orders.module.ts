import { Module, OnModuleInit } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { JobQueue } from '../jobs/job-queue';
import { DeliveryModule } from '../delivery/delivery.module';
import { PricingModule } from '../pricing/pricing.module';
import { RefundsModule } from '../refunds/refunds.module';
import { CodeGuessLimit } from './code-guess-limit';
import { AdminDeliveriesController } from './admin-deliveries.controller';
import { CourierAssignmentController, CourierStopsController } from './courier-stops.controller';
import { CourierStops } from './courier-stops';
import { DeliveryRuns } from './delivery-run';
import { DeliverySheet } from './delivery-sheet';
import { OrderMoves } from './order-moves';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { PlacementRateLimits } from './placement-rate-limits';
import { SubscriptionCreditsPort } from './subscription-credits';
import { expireOrderHoldsJob } from './expire-order-holds.job';

@Module({
  imports: [RefundsModule, DeliveryModule, RateLimitModule, PricingModule],
  controllers: [OrdersController, AdminDeliveriesController, CourierStopsController, CourierAssignmentController],
  providers: [OrdersService, OrderMoves, DeliveryRuns, CourierStops, DeliverySheet, PlacementRateLimits, CodeGuessLimit, SubscriptionCreditsPort],
  exports: [OrdersService, OrderMoves, SubscriptionCreditsPort],
})
export class OrdersModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrdersService,
  ) {}

  onModuleInit(): void {
    this.jobs.define(expireOrderHoldsJob(this.orders));
  }
}
