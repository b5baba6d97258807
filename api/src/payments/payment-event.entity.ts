import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A payment provider webhook delivery, kept by event id so replays are recognised. */
@Entity({ name: 'payment_events' })
export class PaymentEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 100 })
  eventId!: string;

  @Column({ type: 'varchar', length: 64 })
  type!: string;

  @Column({ name: 'razorpay_order_id', type: 'varchar', length: 64, nullable: true })
  razorpayOrderId!: string | null;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
