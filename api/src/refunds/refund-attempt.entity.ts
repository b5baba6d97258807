import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RefundStatus } from '@thalir/contracts';

/** One request to the payment provider for a refund; its id is the reference the provider sees, so asking twice refunds once. */
@Entity({ name: 'refund_attempts' })
export class RefundAttemptEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'refund_id', type: 'uuid' })
  refundId!: string;

  @Column({ name: 'amount_paise', type: 'integer' })
  amountPaise!: number;

  @Column({ name: 'gateway_refund_id', type: 'varchar', length: 64, nullable: true })
  gatewayRefundId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: RefundStatus;

  /** What the provider reported as refunded. */
  @Column({ name: 'reported_paise', type: 'integer', nullable: true })
  reportedPaise!: number | null;

  @Column({ name: 'failure_reason', type: 'varchar', length: 500, nullable: true })
  failureReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
