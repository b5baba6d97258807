import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CatalogueLanguage, Role } from '@thalir/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Always stored lower-cased, so comparisons are case-insensitive. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 100, select: false })
  passwordHash!: string;

  @Column({ type: 'text', default: '' })
  address!: string;

  @Column({ type: 'varchar', length: 16, default: 'customer' })
  role!: Role;

  /** The language of the account's mails and invoices: the one it registered in, changed on the profile. */
  @Column({ name: 'preferred_language', type: 'text', default: 'en' })
  preferredLanguage!: CatalogueLanguage;

  /** Tokens carry the version they were issued under; a new password moves it, ending older sessions. */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  /** Set when the customer erased their account: the row stays for their orders' sake, without their data. */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt!: Date | null;

  /** Set when the owner deactivated this staff member: every session ended, sign-in refused. */
  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
