import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { SubscriptionPlan } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit, Public } from '../common/access.decorator';
import { SubscriptionPlanDto } from './dto/subscription-plan.dto';
import { SubscriptionPlansService } from './subscription-plans.service';

/** The plans on sale, as customers see them (the plan pages, /subscribe/{slug}). */
@ApiTags('subscriptions')
@Controller('subscription-plans')
export class SubscriptionPlansController {
  constructor(private readonly plans: SubscriptionPlansService) {}

  @Public()
  @Get()
  list(): Promise<SubscriptionPlan[]> {
    return this.plans.listActive();
  }

  @Public()
  @Get(':slug')
  find(@Param('slug') slug: string): Promise<SubscriptionPlan> {
    return this.plans.findActive(slug);
  }
}

/** Staff's plans: create, change, stop selling. */
@ApiTags('admin')
@ApiBearerAuth()
@Permit('catalog')
@Controller('admin/subscription-plans')
export class AdminSubscriptionPlansController {
  constructor(private readonly plans: SubscriptionPlansService) {}

  @Get()
  list(): Promise<SubscriptionPlan[]> {
    return this.plans.list();
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Acting() act: StaffAct, @Body() dto: SubscriptionPlanDto): Promise<SubscriptionPlan> {
    return this.plans.create(dto, act);
  }

  /** Changes what the body names; `{active: false}` stops selling the plan. */
  @Put(':id')
  update(@Param('id') id: string, @Acting() act: StaffAct, @Body() dto: SubscriptionPlanDto): Promise<SubscriptionPlan> {
    return this.plans.update(id, dto, act);
  }
}
