import { PasswordResetEntity } from '../auth/password-reset.entity';
import { ProductEntity } from '../catalog/product.entity';
import { ClientErrorEntity } from '../client-errors/client-error.entity';
import { ContactMessageEntity } from '../contact/contact-message.entity';
import { NewsletterSubscriberEntity } from '../newsletter/newsletter-subscriber.entity';
import { OrderItemEntity } from '../orders/order-item.entity';
import { OrderStatusChangeEntity } from '../orders/order-status-change.entity';
import { OrderEntity } from '../orders/order.entity';
import { PaymentEventEntity } from '../payments/payment-event.entity';
import { PaymentEntity } from '../payments/payment.entity';
import { RefundAttemptEntity } from '../refunds/refund-attempt.entity';
import { RefundEntity } from '../refunds/refund.entity';
import { FrontendLiveReleaseEntity } from '../releases/live-release.entity';
import { FrontendReleaseChangeEntity } from '../releases/release-change.entity';
import { UserEntity } from '../users/user.entity';
import { WishlistItemEntity } from '../wishlist/wishlist-item.entity';
import { InitialSchema1763700000000 } from './migrations/1763700000000-initial-schema';
import { CatalogChangeTrigger1763800000000 } from './migrations/1763800000000-catalog-change-trigger';
import { CatalogChangeKinds1763800000001 } from './migrations/1763800000001-catalog-change-kinds';
import { OrderLifecycle1764100000000 } from './migrations/1764100000000-order-lifecycle';
import { MailOutbox1764200000000 } from './migrations/1764200000000-mail-outbox';
import { FloristAndGst1764300000000 } from './migrations/1764300000000-florist-and-gst';
import { Enquiries1764400000000 } from './migrations/1764400000000-enquiries';
import { FrontendReleases1764500000000 } from './migrations/1764500000000-frontend-releases';
import { OrderPlacementGuards1764600000000 } from './migrations/1764600000000-order-placement-guards';
import { MoneyLedger1764700000000 } from './migrations/1764700000000-money-ledger';
import { OneStockRule1764700000001 } from './migrations/1764700000001-one-stock-rule';
import { OffersAndDeliveryCharges1764800000000 } from './migrations/1764800000000-offers-and-delivery-charges';
import { AuditLog1764850000000 } from './migrations/1764850000000-audit-log';
import { CustomerData1764870000000 } from './migrations/1764870000000-customer-data';
import { StaffAndDeliveries1764900000000 } from './migrations/1764900000000-staff-and-deliveries';
import { CatalogChangesPerProduct1764950000000 } from './migrations/1764950000000-catalog-changes-per-product';
import { CatalogStockNotices1765000000000 } from './migrations/1765000000000-catalog-stock-notices';
import { SubscriptionPlans1765100000000 } from './migrations/1765100000000-subscription-plans';
import { ProductTranslations1765200000000 } from './migrations/1765200000000-product-translations';
import { SubscriptionPlanTranslations1765300000000 } from './migrations/1765300000000-subscription-plan-translations';
import { Subscriptions1765400000000 } from './migrations/1765400000000-subscriptions';
import { SubscriptionPlanCatalogChanges1765450000000 } from './migrations/1765450000000-subscription-plan-catalog-changes';
import { UsersPreferredLanguage1765500000000 } from './migrations/1765500000000-users-preferred-language';

export const ENTITIES = [
  UserEntity,
  ProductEntity,
  OrderEntity,
  OrderItemEntity,
  OrderStatusChangeEntity,
  WishlistItemEntity,
  ContactMessageEntity,
  NewsletterSubscriberEntity,
  PasswordResetEntity,
  PaymentEventEntity,
  PaymentEntity,
  RefundEntity,
  RefundAttemptEntity,
  FrontendLiveReleaseEntity,
  FrontendReleaseChangeEntity,
  ClientErrorEntity,
];

/** Listed explicitly (not globbed) so the bundle, the tests and the CLI run the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  CatalogChangeTrigger1763800000000,
  CatalogChangeKinds1763800000001,
  OrderLifecycle1764100000000,
  MailOutbox1764200000000,
  FloristAndGst1764300000000,
  Enquiries1764400000000,
  FrontendReleases1764500000000,
  OrderPlacementGuards1764600000000,
  MoneyLedger1764700000000,
  OneStockRule1764700000001,
  OffersAndDeliveryCharges1764800000000,
  AuditLog1764850000000,
  CustomerData1764870000000,
  StaffAndDeliveries1764900000000,
  CatalogChangesPerProduct1764950000000,
  CatalogStockNotices1765000000000,
  SubscriptionPlans1765100000000,
  ProductTranslations1765200000000,
  SubscriptionPlanTranslations1765300000000,
  Subscriptions1765400000000,
  SubscriptionPlanCatalogChanges1765450000000,
  UsersPreferredLanguage1765500000000,
];
