import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { DeliveryCharges, DeliveryChargesChange } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit } from '../common/access.decorator';
import { DeliveryChargesService } from './delivery-charges.service';
import { DeliveryChargesDto } from './dto/delivery-charges.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Permit('shop')
@Controller('admin/delivery-charges')
export class AdminDeliveryChargesController {
  constructor(private readonly charges: DeliveryChargesService) {}

  @Get()
  current(): Promise<DeliveryCharges> {
    return this.charges.current();
  }

  @Put()
  save(@Acting() act: StaffAct, @Body() dto: DeliveryChargesDto): Promise<DeliveryCharges> {
    return this.charges.save(dto, act);
  }

  /** Every version, newest first: who changed the charges and when. */
  @Get('history')
  history(): Promise<DeliveryChargesChange[]> {
    return this.charges.history();
  }
}
