import { trimText } from '../../common/trim';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PAYMENT_METHODS, type PaymentMethod } from '@thalir/contracts';

export const MAX_ORDER_LINES = 50;
export const MAX_CODE_LENGTH = 40;
export const MAX_ADDRESS_LENGTH = 500;

export class OrderLineDto {
  @IsUUID('all', { message: 'Each order item needs a valid product id' })
  product!: string;

  // The upper limit (MAX_UNITS_PER_LINE) is configured, so the service checks it after merging lines.
  @Min(1, { message: 'Quantity must be at least 1' })
  @IsInt({ message: 'Quantity must be a whole number' })
  quantity!: number;

  /** Only used to name a product in an error message; the order takes its name from the catalogue. */
  @Allow()
  name?: unknown;
}

export const GIFT_MESSAGE_MAX_LENGTH = 250;

/**
 * When, to whom and where an order goes (the florist's checkout). Shapes are checked here; whether
 * the shop can deliver that day, slot and PIN code is the delivery rules' call (delivery-rules.ts).
 */
export class DeliveryDto {
  @IsString({ message: 'Choose a delivery date' })
  date!: string;

  @IsString({ message: 'Choose a delivery slot' })
  slot!: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(100, { message: 'Recipient name can be at most 100 characters' })
  @IsString({ message: 'Recipient name must be text' })
  recipientName?: string;

  @IsString({ message: "Enter the recipient's mobile number" })
  recipientPhone!: string;

  @Transform(trimText)
  @IsString({ message: 'Enter the 6-digit PIN code of the delivery address' })
  pincode!: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(GIFT_MESSAGE_MAX_LENGTH, { message: `Gift message can be at most ${GIFT_MESSAGE_MAX_LENGTH} characters` })
  @IsString({ message: 'Gift message must be text' })
  giftMessage?: string;
}

// class-validator reports a property's constraints bottom-up, so the basic check sits at the bottom
// and becomes the message.

/** What an order and its quote share: the lines, and an offer code. */
export class CartDto {
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  @IsObject({ each: true, message: 'Each order item must be an object' })
  @ArrayMaxSize(MAX_ORDER_LINES, { message: `An order can have at most ${MAX_ORDER_LINES} different items` })
  @ArrayMinSize(1, { message: 'Your order has no items' })
  @IsArray({ message: 'orderItems must be a list of items' })
  @IsDefined({ message: 'Your order has no items' })
  orderItems!: OrderLineDto[];

  @IsOptional()
  @MaxLength(MAX_CODE_LENGTH, { message: `An offer code has at most ${MAX_CODE_LENGTH} characters` })
  @IsString({ message: 'The offer code must be text' })
  code?: string;
}

/** Client prices and totals are deliberately not declared: the whitelist drops them and the server prices the order. */
export class CreateOrderDto extends CartDto {
  @IsIn(PAYMENT_METHODS, { message: 'Payment method must be cash or razorpay' })
  paymentMethod!: PaymentMethod;

  @Transform(trimText)
  @MaxLength(MAX_ADDRESS_LENGTH, { message: `Delivery address can be at most ${MAX_ADDRESS_LENGTH} characters` })
  @IsNotEmpty({ message: 'Delivery address is required' })
  @IsString({ message: 'Delivery address is required' })
  address!: string;

  /** Optional: an order without one (the spec's own client) goes out on the first open date and slot. */
  @IsOptional()
  @ValidateNested()
  @Type(() => DeliveryDto)
  @IsObject({ message: 'delivery must be an object' })
  delivery?: DeliveryDto;
}

/** Where the quote's delivery goes: both optional (no PIN code: the default zone; no slot: no surcharge). */
export class QuoteDeliveryDto {
  @IsOptional()
  @IsString({ message: 'Choose a delivery slot' })
  slot?: string;

  @IsOptional()
  @Transform(trimText)
  @Matches(/^\d{6}$/, { message: 'Enter the 6-digit PIN code of the delivery address' })
  @IsString({ message: 'Enter the 6-digit PIN code of the delivery address' })
  pincode?: string;
}

/** POST /api/orders/quote: the cart as it would be ordered. */
export class QuoteDto extends CartDto {
  @IsOptional()
  @IsIn(PAYMENT_METHODS, { message: 'Payment method must be cash or razorpay' })
  paymentMethod?: PaymentMethod;

  @IsOptional()
  @ValidateNested()
  @Type(() => QuoteDeliveryDto)
  @IsObject({ message: 'delivery must be an object' })
  delivery?: QuoteDeliveryDto;
}
