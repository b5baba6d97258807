import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { NewsletterStatus } from '@thalir/contracts';

@Entity({ name: 'newsletter_subscribers' })
export class NewsletterSubscriberEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Lower-cased; unique so subscribing twice keeps one entry. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  /** Pending until the confirmation link in the mail is used (double opt-in). */
  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status!: NewsletterStatus;

  /** When the address's owner confirmed: the consent the newsletter goes out on. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ name: 'confirmation_sent_at', type: 'timestamptz', nullable: true })
  confirmationSentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
