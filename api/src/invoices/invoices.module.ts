import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { ErasedBuyers } from './erased-buyers';
import { InvoiceCache } from './invoice-cache';
import { InvoiceRenderer } from './invoice-renderer';
import { InvoicesController } from './invoices.controller';

@Module({ imports: [OrdersModule], controllers: [InvoicesController], providers: [InvoiceRenderer, InvoiceCache, ErasedBuyers] })
export class InvoicesModule {}
