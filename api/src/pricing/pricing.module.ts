import { Module } from '@nestjs/common';
import { PricingFactsLoader } from './pricing-facts';
import { PricingService } from './pricing.service';

@Module({
  providers: [PricingService, PricingFactsLoader],
  exports: [PricingService],
})
export class PricingModule {}
