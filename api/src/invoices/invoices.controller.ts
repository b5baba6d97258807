import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { OwnerOrStaff } from '../common/access.decorator';
import { matchesEtag } from '../common/etag';
import { OrdersService } from '../orders/orders.service';
import { ErasedBuyers } from './erased-buyers';
import { InvoiceCache } from './invoice-cache';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class InvoicesController {
  constructor(
    private readonly orders: OrdersService,
    private readonly invoices: InvoiceCache,
    private readonly erasedBuyers: ErasedBuyers,
  ) {}

  /**
   * Opened by the browser as a plain link, so the token may come as ?token= (see JwtStrategy).
   * `private, no-cache`: only the buyer's browser may keep a copy, and it asks again each time
   * (a 304 while the order is unchanged).
   */
  @OwnerOrStaff()
  @Get(':id/invoice')
  async invoice(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const source = await this.orders.findForInvoice(id, user);
    if (source.order.kind === 'subscription-delivery') {
      throw new NotFoundException("A subscription's delivery has no invoice of its own: the invoice of the pack it was paid from covers it");
    }
    const invoice = await this.erasedBuyers.asPrinted(source);
    const { pdf, etag } = await this.invoices.pdfFor(invoice);
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (matchesEtag(ifNoneMatch, etag)) {
      reply.status(304);
      return undefined;
    }
    reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="Invoice_${invoice.order._id}.pdf"`);
    return pdf;
  }
}
