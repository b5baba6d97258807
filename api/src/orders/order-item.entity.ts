import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { OrderEntity } from './order.entity';

/** A line of an order; name, unit price, HSN code and GST rate are copied at the time of sale. */
@Entity({ name: 'order_items' })
export class OrderItemEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @ManyToOne(() => OrderEntity, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderEntity>;

  /** Null once the product has been deleted from the catalogue. */
  @Column({ name: 'product_id', type: 'uuid', nullable: true })
  productId!: string | null;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ name: 'unit_price_paise', type: 'integer' })
  unitPricePaise!: number;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'integer', default: 0 })
  position!: number;

  @Column({ name: 'hsn_code', type: 'varchar', length: 8 })
  hsnCode!: string;

  /** Basis points: 500 is 5%. */
  @Column({ name: 'gst_rate_bp', type: 'integer' })
  gstRateBp!: number;

  /** The line's share of the order's discounts, frozen when the order was placed. */
  @Column({ name: 'discount_paise', type: 'integer', default: 0 })
  discountPaise!: number;
}
