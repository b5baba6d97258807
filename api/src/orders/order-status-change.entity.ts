import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import type { ActorKind, OrderStatus } from '@thalir/contracts';
import { OrderEntity } from './order.entity';

@Entity({ name: 'order_status_changes' })
export class OrderStatusChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @ManyToOne(() => OrderEntity, (order) => order.statusHistory, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderEntity>;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderStatus;

  /** Who moved the order: an admin, its buyer, or the system (placing it, a payment window ending). */
  @Column({ type: 'varchar', length: 8 })
  actor!: ActorKind;

  /** The admin's or the buyer's id; null for the system. */
  @Column({ name: 'changed_by', type: 'uuid', nullable: true })
  changedBy!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  reason!: string | null;

  @CreateDateColumn({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
