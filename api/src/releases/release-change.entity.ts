import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type ReleaseAction = 'promote' | 'rollback';

/** The audit trail of the live pointer: who switched which frontend from what to what, and when. */
@Entity({ name: 'frontend_release_changes' })
export class FrontendReleaseChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  app!: string;

  @Column({ type: 'varchar', length: 16 })
  action!: ReleaseAction;

  /** Null: the build in WEB_ROOT. */
  @Column({ name: 'from_release', type: 'varchar', length: 128, nullable: true })
  fromRelease!: string | null;

  @Column({ name: 'to_release', type: 'varchar', length: 128, nullable: true })
  toRelease!: string | null;

  /** Switched although the shared-library check refused it. */
  @Column({ type: 'boolean', default: false })
  forced!: boolean;

  /** The admin who switched through the API; null from the command line. */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  /** The admin's email, or `cli <user>@<host>`. */
  @Column({ type: 'varchar', length: 254 })
  actor!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
