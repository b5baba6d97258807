import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Subscription, SubscriptionForecastDay, SubscriptionWithPack } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Permit, SignedIn } from '../common/access.decorator';
import { AdminSubscriptionsQuery, BuyPackDto, DeliveryChangeDto, PauseDto, SubscribeDto } from './dto/subscription.dto';
import { SubscriptionsService } from './subscriptions.service';

/** The longest forecast the back office asks for. */
const MAX_FORECAST_DAYS = 14;

/** A customer's own subscriptions: subscribe, buy packs, change coming deliveries, pause, cancel. */
@ApiTags('subscriptions')
@ApiBearerAuth()
@SignedIn()
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  /** 201 with the subscription and its first pack's order, to pay online (POST /api/payments/create-order with the order's id as the receipt). */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  subscribe(@CurrentUser() user: AuthUser, @Body() dto: SubscribeDto): Promise<SubscriptionWithPack> {
    return this.subscriptions.subscribe(user, dto);
  }

  @Get('mine')
  mine(@CurrentUser() user: AuthUser): Promise<Subscription[]> {
    return this.subscriptions.listForUser(user.id);
  }

  @Get(':id')
  one(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Subscription> {
    return this.subscriptions.mine(user, id);
  }

  @Post(':id/packs')
  @HttpCode(HttpStatus.CREATED)
  buyPack(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: BuyPackDto): Promise<SubscriptionWithPack> {
    return this.subscriptions.buyPack(user, id, dto.pack);
  }

  /** Skip (or un-skip), move to another slot, or send elsewhere one coming delivery, before its cut-off; 409 after it. */
  @Patch(':id/deliveries/:date')
  changeDelivery(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('date') date: string, @Body() dto: DeliveryChangeDto): Promise<Subscription> {
    return this.subscriptions.changeDelivery(user, id, date, dto);
  }

  @Post(':id/pauses')
  @HttpCode(HttpStatus.CREATED)
  pause(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: PauseDto): Promise<Subscription> {
    return this.subscriptions.pause(user, id, dto);
  }

  /** Ends a pause: resume. */
  @Delete(':id/pauses/:pauseId')
  resume(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('pauseId') pauseId: string): Promise<Subscription> {
    return this.subscriptions.resume(user, id, pauseId);
  }

  /** Cancels it and refunds the deliveries not used; 409 when it already is. */
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Subscription> {
    return this.subscriptions.cancel(id, { buyer: user });
  }
}

/** The back office's Subscriptions screen and the growers' forecast. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/subscriptions')
export class AdminSubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  /** Newest first, a page at a time (25 unless `limit` says otherwise); the number of matches goes in X-Total-Count. */
  @Permit('orders.read')
  @Get()
  async list(@Query() query: AdminSubscriptionsQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<Subscription[]> {
    const { subscriptions, total } = await this.subscriptions.adminList(query);
    void reply.header('x-total-count', String(total));
    return subscriptions;
  }

  /** For each of the coming `days` (7 unless asked), the deliveries of each plan and the stems of each product they need. */
  @Permit('orders.read')
  @Get('forecast')
  forecast(@Query('days') days?: string): Promise<SubscriptionForecastDay[]> {
    const count = days === undefined ? 7 : Number(days);
    if (!Number.isInteger(count) || count < 1 || count > MAX_FORECAST_DAYS)
      throw new BadRequestException(`days must be a whole number from 1 to ${MAX_FORECAST_DAYS}`);
    return this.subscriptions.forecast(count);
  }

  @Permit('orders.read')
  @Get(':id')
  one(@Param('id') id: string): Promise<Subscription> {
    return this.subscriptions.adminOne(id);
  }

  /** Cancels a customer's subscription for them, with the same refund; in the audit log. */
  @Permit('orders.manage')
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  cancel(@Acting() act: StaffAct, @Param('id') id: string): Promise<Subscription> {
    return this.subscriptions.cancel(id, { staff: act });
  }
}
