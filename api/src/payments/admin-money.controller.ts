import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { MoneyCheck } from '@thalir/contracts';
import { Permit } from '../common/access.decorator';
import { MoneyChecker } from './money-check';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/money-check')
export class AdminMoneyController {
  constructor(private readonly checker: MoneyChecker) {}

  /** Whether the shop's money adds up, order by order (the dashboard shows it when it does not). */
  @Permit('reports')
  @Get()
  check(): Promise<MoneyCheck> {
    return this.checker.report();
  }
}
