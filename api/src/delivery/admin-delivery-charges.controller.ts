import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { DeliveryCharges, DeliveryChargesChange } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { AdminOnly } from '../common/access.decorator';
import { DeliveryChargesService } from './delivery-charges.service';
import { DeliveryChargesDto } from './dto/delivery-charges.dto';

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/delivery-charges')
export class AdminDeliveryChargesController {
  constructor(private readonly charges: DeliveryChargesService) {}

  @Get()
  current(): Promise<DeliveryCharges> {
    return this.charges.current();
  }

  @Put()
  save(@CurrentUser() admin: AuthUser, @Body() dto: DeliveryChargesDto): Promise<DeliveryCharges> {
    return this.charges.save(dto, admin);
  }

  /** Every version, newest first: who changed the charges and when. */
  @Get('history')
  history(): Promise<DeliveryChargesChange[]> {
    return this.charges.history();
  }
}
