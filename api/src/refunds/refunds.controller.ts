import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { MessageResponse } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit } from '../common/access.decorator';
import { RefundsService } from './refunds.service';

/** What staff do about refunds that need a person: cash handed back, a refused refund asked again. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/refunds')
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Permit('orders.manage')
  @Post(':id/settle')
  @HttpCode(HttpStatus.OK)
  async settle(@Param('id') id: string, @Acting() act: StaffAct): Promise<MessageResponse> {
    await this.refunds.settleManual(id, act);
    return { message: 'Refund marked as processed' };
  }

  @Permit('orders.manage')
  @Post(':id/retry')
  @HttpCode(HttpStatus.OK)
  async retry(@Param('id') id: string, @Acting() act: StaffAct): Promise<MessageResponse> {
    await this.refunds.retry(id, act);
    return { message: 'Refund requested again' };
  }
}
