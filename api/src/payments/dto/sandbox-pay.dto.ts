import { IsIn, IsString, MaxLength } from 'class-validator';

export const SANDBOX_OUTCOMES = ['success', 'failure'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export class SandboxPayDto {
  @MaxLength(64, { message: 'order_id must be the payment order id' })
  @IsString({ message: 'order_id must be the payment order id' })
  order_id!: string;

  @IsIn(SANDBOX_OUTCOMES, { message: 'outcome must be success or failure' })
  outcome!: SandboxOutcome;
}
