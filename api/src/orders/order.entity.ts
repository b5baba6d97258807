import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, Relation, UpdateDateColumn } from 'typeorm';
import type { OrderKind, OrderStatus, PaymentMethod } from '@thalir/contracts';
import { UserEntity } from '../users/user.entity';
import { OrderItemEntity } from './order-item.entity';
import { OrderStatusChangeEntity } from './order-status-change.entity';

@Entity({ name: 'orders' })
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id' })
  user!: Relation<UserEntity>;

  @OneToMany(() => OrderItemEntity, (item) => item.order, { cascade: ['insert'] })
  items!: Relation<OrderItemEntity[]>;

  @OneToMany(() => OrderStatusChangeEntity, (change) => change.order, { cascade: ['insert'] })
  statusHistory!: Relation<OrderStatusChangeEntity[]>;

  @Column({ name: 'total_paise', type: 'integer' })
  totalPaise!: number;

  /** The delivery charge, and what a free-delivery offer took off it. */
  @Column({ name: 'delivery_fee_paise', type: 'integer', default: 0 })
  deliveryFeePaise!: number;

  @Column({ name: 'delivery_discount_paise', type: 'integer', default: 0 })
  deliveryDiscountPaise!: number;

  @Column({ name: 'payment_method', type: 'varchar', length: 16 })
  paymentMethod!: PaymentMethod;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: OrderStatus;

  @Column({ name: 'is_paid', type: 'boolean', default: false })
  isPaid!: boolean;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  /** The payment provider's order id, set by create-order; verification signs against it. */
  @Column({ name: 'razorpay_order_id', type: 'varchar', length: 64, nullable: true, unique: true })
  razorpayOrderId!: string | null;

  @Column({ name: 'razorpay_payment_id', type: 'varchar', length: 64, nullable: true })
  razorpayPaymentId!: string | null;

  @Column({ name: 'delivery_date', type: 'date', nullable: true })
  deliveryDate!: string | null;

  @Column({ name: 'delivery_slot', type: 'varchar', length: 40, nullable: true })
  deliverySlot!: string | null;

  @Column({ name: 'recipient_name', type: 'varchar', length: 100, nullable: true })
  recipientName!: string | null;

  @Column({ name: 'recipient_phone', type: 'varchar', length: 16, nullable: true })
  recipientPhone!: string | null;

  @Column({ name: 'delivery_pincode', type: 'char', length: 6, nullable: true })
  deliveryPincode!: string | null;

  @Column({ name: 'gift_message', type: 'varchar', length: 250, nullable: true })
  giftMessage!: string | null;

  @Column({ name: 'invoice_number', type: 'varchar', length: 24, nullable: true })
  invoiceNumber!: string | null;

  /** While an online order is pending and unpaid: when its hold on the stock ends. */
  @Column({ name: 'payment_due_at', type: 'timestamptz', nullable: true })
  paymentDueAt!: Date | null;

  /** While a large cash order from a new customer waits for staff: when it is cancelled unless confirmed. */
  @Column({ name: 'confirm_due_at', type: 'timestamptz', nullable: true })
  confirmDueAt!: Date | null;

  @Column({ type: 'text', default: 'shop' })
  kind!: OrderKind;

  /** The subscription a pack or a delivery belongs to; null for the shop's own orders. */
  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
