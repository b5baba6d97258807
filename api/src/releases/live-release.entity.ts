import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What is live, one row per frontend. No row, or a null release, means the build in WEB_ROOT (what
 * `npm start` serves with no release published). Every change is announced on the
 * `frontend_release_changed` channel by a trigger (see the migration), whoever makes it.
 */
@Entity({ name: 'frontend_live_releases' })
export class FrontendLiveReleaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  app!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  release!: string | null;

  @UpdateDateColumn({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
