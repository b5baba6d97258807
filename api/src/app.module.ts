import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { CatalogModule } from './catalog/catalog.module';
import { ClientErrorsModule } from './client-errors/client-errors.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { TamilMessagesInterceptor } from './common/tamil-messages.interceptor';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule, DatabaseOptions } from './database/database.module';
import { ContactModule } from './contact/contact.module';
import { CustomerDataModule } from './customer-data/customer-data.module';
import { EnquiriesModule } from './enquiries/enquiries.module';
import { HealthModule } from './health/health.module';
import { InvoicesModule } from './invoices/invoices.module';
import { JobsModule } from './jobs/jobs.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { AuditModule } from './audit/audit.module';
import { OffersModule } from './offers/offers.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { ReleasesModule } from './releases/releases.module';
import { ReportsModule } from './reports/reports.module';
import { StaffModule } from './staff/staff.module';
import { StorageModule } from './storage/storage.module';
import { UsersModule } from './users/users.module';
import { PagesModule } from './web/pages/pages.module';
import { WishlistModule } from './wishlist/wishlist.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: DatabaseOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(database),
        JobsModule,
        MailModule,
        MetricsModule,
        StorageModule,
        UsersModule,
        CustomerDataModule,
        AuthModule,
        StaffModule,
        HealthModule,
        CatalogModule,
        WishlistModule,
        ContactModule,
        NewsletterModule,
        OrdersModule,
        OffersModule,
        SubscriptionsModule,
        AuditModule,
        PaymentsModule,
        InvoicesModule,
        AdminModule,
        EnquiriesModule,
        ReleasesModule,
        ReportsModule,
        ClientErrorsModule,
        PagesModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Customer-facing success messages in Tamil when the request asks for it (error answers: the filter).
        { provide: APP_INTERCEPTOR, useClass: TamilMessagesInterceptor },
      ],
    };
  }
}
