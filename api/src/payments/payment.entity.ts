import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PaymentSeenVia = 'verify' | 'webhook' | 'provider';

/** A payment the provider received for an order, recorded once per provider payment id. */
@Entity({ name: 'payments' })
export class PaymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 64 })
  providerPaymentId!: string;

  @Column({ name: 'amount_paise', type: 'integer' })
  amountPaise!: number;

  /** card, upi, netbanking, wallet…; null until the provider has said. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  method!: string | null;

  /** This payment paid the order; any other payment of the order is refunded. */
  @Column({ type: 'boolean' })
  credited!: boolean;

  /** Where the shop first heard of it: the buyer's verify call, a webhook, or the provider's list of the order's payments. */
  @Column({ name: 'seen_via', type: 'varchar', length: 16 })
  seenVia!: PaymentSeenVia;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
