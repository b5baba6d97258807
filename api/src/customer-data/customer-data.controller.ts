import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_DATA_FILE_NAME, type MessageResponse } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { SignedIn } from '../common/access.decorator';
import { AccountErasure } from './account-erasure';
import { AccountExport } from './account-export';
import { DeleteAccountDto } from './dto/delete-account.dto';

/** A customer's own data: all of it to take away, or erased (docs/customer-data.md). */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me')
export class CustomerDataController {
  constructor(
    private readonly exporter: AccountExport,
    private readonly erasure: AccountErasure,
  ) {}

  /** A JSON file (AccountData), laid out for people to read. */
  @SignedIn()
  @Get('export')
  @Header('cache-control', 'no-store')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('content-disposition', `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`)
  async export(@CurrentUser() user: AuthUser): Promise<string> {
    return JSON.stringify(await this.exporter.export(user.id), null, 2);
  }

  /** 400 without the password, 403 for a wrong one, 409 while an order is open or a refund owed; then every session ends. */
  @SignedIn()
  @Delete()
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  async erase(@CurrentUser() user: AuthUser, @Body() body: DeleteAccountDto, @Req() request: FastifyRequest): Promise<MessageResponse> {
    const { invoicesKept } = await this.erasure.erase(user, body.password, request.ip);
    const invoices = invoicesKept === 1 ? 'the invoice of your order' : `the invoices of your ${invoicesKept} orders`;
    const kept = invoicesKept > 0 ? ` GST law has us keep ${invoices}.` : '';
    return { message: `Your account is deleted and your personal data erased.${kept} A last email confirms it.` };
  }
}
