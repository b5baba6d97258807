import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { OwnerOrAdmin } from '../common/access.decorator';
import { OrdersService } from '../orders/orders.service';
import { InvoiceRenderer } from './invoice-renderer';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class InvoicesController {
  constructor(
    private readonly orders: OrdersService,
    private readonly renderer: InvoiceRenderer,
  ) {}

  /** Opened by the browser as a plain link, so the token may come as ?token= (see JwtStrategy). */
  @OwnerOrAdmin()
  @Get(':id/invoice')
  @Header('cache-control', 'private, no-store')
  async invoice(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<StreamableFile> {
    const order = await this.orders.findVisible(id, user);
    const pdf = await this.renderer.render(order);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="Invoice_${order._id}.pdf"`,
      length: pdf.length,
    });
  }
}
