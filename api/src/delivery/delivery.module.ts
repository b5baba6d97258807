import { Module } from '@nestjs/common';
import { AdminDeliveryChargesController } from './admin-delivery-charges.controller';
import { DeliveryChargesService } from './delivery-charges.service';
import { DeliveryController } from './delivery.controller';
import { DeliveryService } from './delivery.service';

@Module({
  controllers: [DeliveryController, AdminDeliveryChargesController],
  providers: [DeliveryService, DeliveryChargesService],
  exports: [DeliveryService],
})
export class DeliveryModule {}
