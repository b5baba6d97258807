import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { InvoiceRenderer } from './invoice-renderer';
import { InvoicesController } from './invoices.controller';

@Module({ imports: [OrdersModule], controllers: [InvoicesController], providers: [InvoiceRenderer] })
export class InvoicesModule {}
