import { IsString, Matches, MaxLength } from 'class-validator';

const PROVIDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class VerifyPaymentDto {
  /** Accepted for the contract's sake but never trusted: the signature is checked against the id stored on the order. */
  @Matches(PROVIDER_ID, { message: 'razorpay_order_id is missing or malformed' })
  @IsString({ message: 'razorpay_order_id is missing or malformed' })
  razorpay_order_id!: string;

  @Matches(PROVIDER_ID, { message: 'razorpay_payment_id is missing or malformed' })
  @IsString({ message: 'razorpay_payment_id is missing or malformed' })
  razorpay_payment_id!: string;

  @MaxLength(128, { message: 'razorpay_signature is missing or malformed' })
  @IsString({ message: 'razorpay_signature is missing or malformed' })
  razorpay_signature!: string;

  @MaxLength(64, { message: 'orderId must be the id of your order' })
  @IsString({ message: 'orderId must be the id of your order' })
  orderId!: string;
}
