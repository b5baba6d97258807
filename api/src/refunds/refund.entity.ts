import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RefundStatus } from '@thalir/contracts';

/** Money going back to a customer: a cancelled paid order, or a payment the shop cannot keep. Its status follows its attempts (refund-states.ts). */
@Entity({ name: 'refunds' })
export class RefundEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @Column({ name: 'amount_paise', type: 'integer' })
  amountPaise!: number;

  /** The provider payment given back; null for a cash refund the staff hand over. */
  @Column({ name: 'payment_id', type: 'varchar', length: 64, nullable: true })
  paymentId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: RefundStatus;

  /** Paise the provider (or the staff, for cash) reported as given back, across attempts. */
  @Column({ name: 'refunded_paise', type: 'integer' })
  refundedPaise!: number;

  @Column({ type: 'boolean' })
  manual!: boolean;

  @Column({ type: 'varchar', length: 200 })
  reason!: string;

  @Column({ name: 'failure_reason', type: 'varchar', length: 500, nullable: true })
  failureReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;
}
