import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { OrdersModule } from '../orders/orders.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { AccountErasure } from './account-erasure';
import { AccountExport } from './account-export';
import { CustomerDataController } from './customer-data.controller';

/** What a customer may do with the data the shop holds about them: take it away, or have it erased. */
@Module({
  imports: [UsersModule, OrdersModule, SessionsModule, SubscriptionsModule],
  controllers: [CustomerDataController],
  providers: [AccountExport, AccountErasure],
})
export class CustomerDataModule {}
