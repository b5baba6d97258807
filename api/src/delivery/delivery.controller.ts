import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DeliveryOptions } from '@thalir/contracts';
import { Public } from '../common/access.decorator';
import { DeliveryService } from './delivery.service';

@ApiTags('delivery')
@Controller('delivery')
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  /** The dates and slots open now change through the day: never cached. */
  @Public()
  @Get('options')
  @Header('cache-control', 'no-store')
  options(@Query('pincode') pincode?: unknown): DeliveryOptions {
    return this.delivery.options(typeof pincode === 'string' ? pincode.trim() : pincode === undefined ? undefined : '');
  }
}
