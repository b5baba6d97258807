import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ClientErrorReport, MessageResponse } from '@thalir/contracts';
import { Permit, Public } from '../common/access.decorator';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { ClientErrorsService } from './client-errors.service';
import { ClientErrorReportDto } from './dto/client-error-report.dto';

const LIST_DEFAULT = 50;
const LIST_MAX = 200;

@ApiTags('client-errors')
@Controller()
export class ClientErrorsController {
  constructor(private readonly clientErrors: ClientErrorsService) {}

  /** Browsers report what keeps a frontend from running (a remote whose shared libraries do not fit, …). */
  @Public()
  @ClientRateLimit({
    name: 'client-errors',
    limit: 30,
    windowMs: 10 * 60 * 1000,
    message: (seconds) => `Too many error reports from your address. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  })
  @HttpCode(201)
  @Post('client-errors')
  async report(@Body() body: ClientErrorReportDto, @Headers('user-agent') userAgent: string | undefined): Promise<MessageResponse> {
    await this.clientErrors.record(body, userAgent);
    return { message: 'Recorded' };
  }

  @Permit('shop')
  @ApiBearerAuth()
  @Get('admin/client-errors')
  list(@Query('limit') limit?: string): Promise<ClientErrorReport[]> {
    const parsed = limit === undefined ? LIST_DEFAULT : Number(limit);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > LIST_MAX) throw new BadRequestException(`limit must be a whole number from 1 to ${LIST_MAX}`);
    return this.clientErrors.list(parsed);
  }
}
