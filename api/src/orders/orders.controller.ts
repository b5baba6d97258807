import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Order, Quote } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Permit, OwnerOrStaff, SignedIn, SignedInOrNot } from '../common/access.decorator';
import { ChangeOrderStatusDto } from './dto/change-order-status.dto';
import { CreateOrderDto, QuoteDto } from './dto/create-order.dto';
import { ListOrdersQuery } from './dto/list-orders.query';
import { OrdersService } from './orders.service';
import { PlacementRateLimits } from './placement-rate-limits';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly rateLimits: PlacementRateLimits,
  ) {}

  @SignedIn()
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async place(@CurrentUser() user: AuthUser, @Ip() clientAddress: string, @Body() dto: CreateOrderDto): Promise<Order> {
    await this.rateLimits.admit(user.id, clientAddress);
    return this.orders.place(user, dto, clientAddress);
  }

  /** What the cart would cost now, offers and delivery included: exactly what placing it would charge. */
  @SignedInOrNot()
  @Post('quote')
  @HttpCode(HttpStatus.OK)
  quote(@CurrentUser() user: AuthUser | undefined, @Ip() clientAddress: string, @Body() dto: QuoteDto): Promise<Quote> {
    return this.orders.quote(user ?? null, dto, clientAddress);
  }

  @SignedIn()
  @Get('my-orders')
  mine(@CurrentUser() user: AuthUser): Promise<Order[]> {
    return this.orders.listForUser(user.id);
  }

  /** A plain Order[] body as the contract says; with page/limit the match count goes in X-Total-Count. */
  @Permit('orders.read')
  @Get()
  async all(@Query() query: ListOrdersQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<Order[]> {
    const { orders, total } = await this.orders.listAll(query);
    if (total !== null) void reply.header('x-total-count', String(total));
    return orders;
  }

  @OwnerOrStaff()
  @Get(':id')
  one(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Order> {
    return this.orders.findVisible(id, user);
  }

  /** The buyer cancels their own pending order (404 for anyone else's, as for unknown ids). */
  @SignedIn()
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Order> {
    return this.orders.cancelByBuyer(id, user);
  }

  @Permit('orders.manage')
  @Put(':id/status')
  changeStatus(@Acting() act: StaffAct, @Param('id') id: string, @Body() dto: ChangeOrderStatusDto): Promise<Order> {
    return this.orders.changeStatus(id, dto.status, act);
  }
}
