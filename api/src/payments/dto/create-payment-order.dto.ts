import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `amount` is deliberately not declared: the whitelist drops it and the amount comes from the shop order. */
export class CreatePaymentOrderDto {
  @MaxLength(64, { message: 'receipt must be the id of your order' })
  @IsNotEmpty({ message: 'receipt must be the id of your order' })
  @IsString({ message: 'receipt must be the id of your order' })
  receipt!: string;
}
