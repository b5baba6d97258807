import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ProductType } from '@thalir/contracts';

@Entity({ name: 'products' })
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ name: 'price_paise', type: 'integer' })
  pricePaise!: number;

  @Column({ type: 'integer', default: 0 })
  stock!: number;

  @Column({ type: 'varchar', length: 16 })
  type!: ProductType;

  /** Storage key of the product's image set (card and detail renditions); null when none. */
  @Column({ name: 'image_key', type: 'varchar', length: 200, nullable: true })
  imageKey!: string | null;

  /** HSN code for GST invoices; set from the type by the database when not given. */
  @Column({ name: 'hsn_code', type: 'varchar', length: 8 })
  hsnCode!: string;

  /** GST rate in basis points (500 is 5%), included in the price. */
  @Column({ name: 'gst_rate_bp', type: 'integer', default: 0 })
  gstRateBp!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
