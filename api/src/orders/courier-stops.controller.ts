import { BadRequestException, Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CourierDay, CourierStop, DeliveryStop } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit } from '../common/access.decorator';
import { isCalendarDate } from '../delivery/delivery-rules';
import { CourierStops } from './courier-stops';
import { CourierAssignmentDto, CourierDayQuery, DeliveredDto, FailedDeliveryDto } from './dto/courier.dto';

/** The delivery person's phone: their stops for the day and what happened at each door. */
@ApiTags('delivery')
@ApiBearerAuth()
@Permit('stops')
@Controller('delivery/stops')
export class CourierStopsController {
  constructor(private readonly stops: CourierStops) {}

  @Get()
  day(@Acting() act: StaffAct, @Query() query: CourierDayQuery): Promise<CourierDay> {
    if (query.date !== undefined && !isCalendarDate(query.date)) throw new BadRequestException('The date must look like 2026-11-26');
    return this.stops.day(act.id, query.date);
  }

  @Post(':orderId/out')
  @HttpCode(HttpStatus.OK)
  out(@Acting() act: StaffAct, @Param('orderId') orderId: string): Promise<CourierStop> {
    return this.stops.out(act, orderId);
  }

  @Post(':orderId/delivered')
  @HttpCode(HttpStatus.OK)
  delivered(@Acting() act: StaffAct, @Param('orderId') orderId: string, @Body() report: DeliveredDto): Promise<CourierStop> {
    return this.stops.delivered(act, orderId, report.cashCollected);
  }

  @Post(':orderId/failed')
  @HttpCode(HttpStatus.OK)
  failed(@Acting() act: StaffAct, @Param('orderId') orderId: string, @Body() report: FailedDeliveryDto): Promise<CourierStop> {
    return this.stops.failed(act, orderId, report.reason);
  }
}

/** Staff give the day's orders to delivery people from the Deliveries screen. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/orders')
export class CourierAssignmentController {
  constructor(private readonly stops: CourierStops) {}

  @Permit('orders.manage')
  @Put(':id/courier')
  assign(@Acting() act: StaffAct, @Param('id') id: string, @Body() assignment: CourierAssignmentDto): Promise<DeliveryStop> {
    return this.stops.assign(act, id, assignment.courierId);
  }
}
