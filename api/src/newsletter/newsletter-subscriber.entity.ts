import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'newsletter_subscribers' })
export class NewsletterSubscriberEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Lower-cased; unique so subscribing twice keeps one entry. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
