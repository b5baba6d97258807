import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A problem a browser reported about the frontends (a remote that cannot run on the page, …). */
@Entity({ name: 'client_errors' })
export class ClientErrorEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  kind!: string;

  /** The frontend concerned (a federation name such as storefront_mfe). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  app!: string | null;

  @Column({ type: 'varchar', length: 1000 })
  message!: string;

  /** The page's path (no query: it may hold tokens). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  page!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 500, nullable: true })
  userAgent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
