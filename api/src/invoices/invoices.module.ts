import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { InvoiceCache } from './invoice-cache';
import { InvoiceRenderer } from './invoice-renderer';
import { InvoicesController } from './invoices.controller';

@Module({ imports: [OrdersModule], controllers: [InvoicesController], providers: [InvoiceRenderer, InvoiceCache] })
export class InvoicesModule {}
