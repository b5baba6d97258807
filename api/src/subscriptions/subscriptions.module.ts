import { Module } from '@nestjs/common';
import { AdminSubscriptionPlansController, SubscriptionPlansController } from './subscription-plans.controller';
import { SubscriptionPlansService } from './subscription-plans.service';

@Module({
  controllers: [SubscriptionPlansController, AdminSubscriptionPlansController],
  providers: [SubscriptionPlansService],
})
export class SubscriptionsModule {}
