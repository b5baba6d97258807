import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { FREQUENCY_KINDS, type FrequencyKind } from '@thalir/contracts';
import { PagingQuery } from '../../common/paging.query';
import { trimText } from '../../common/trim';
import { MAX_ADDRESS_LENGTH } from '../../orders/dto/create-order.dto';

// class-validator reports a property's constraints bottom-up, so the basic check sits at the bottom
// and becomes the message. Whether the shop delivers the choices is subscription-rules.ts's call.

/** Where a subscription's deliveries go: the subscription's own, or one day's. */
class DeliveryPlaceDto {
  @Transform(trimText)
  @MaxLength(MAX_ADDRESS_LENGTH, { message: `Delivery address can be at most ${MAX_ADDRESS_LENGTH} characters` })
  @IsNotEmpty({ message: 'Delivery address is required' })
  @IsString({ message: 'Delivery address is required' })
  address!: string;

  @Transform(trimText)
  @IsString({ message: 'Enter the 6-digit PIN code of the delivery address' })
  pincode!: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(100, { message: 'Recipient name can be at most 100 characters' })
  @IsString({ message: 'Recipient name must be text' })
  recipientName?: string;

  @IsString({ message: "Enter the recipient's mobile number" })
  recipientPhone!: string;
}

export class SubscribeDto extends DeliveryPlaceDto {
  @MaxLength(100, { message: 'Choose a subscription plan' })
  @IsString({ message: 'Choose a subscription plan' })
  plan!: string;

  @IsString({ message: 'Choose the day of the first delivery' })
  startDate!: string;

  @IsIn(FREQUENCY_KINDS, { message: `How often: one of ${FREQUENCY_KINDS.join(', ')}` })
  frequency!: FrequencyKind;

  @IsOptional()
  @IsInt({ each: true, message: 'Days of the week are numbers from 0 (Sunday) to 6 (Saturday)' })
  @ArrayMaxSize(7, { message: 'Choose the days of the week for your deliveries, each once' })
  @IsArray({ message: 'Days of the week are numbers from 0 (Sunday) to 6 (Saturday)' })
  weekdays?: number[];

  @IsString({ message: 'Choose a delivery slot' })
  slot!: string;

  @Min(1, { message: 'Choose a pack of deliveries' })
  @IsInt({ message: 'Choose a pack of deliveries' })
  pack!: number;
}

export class BuyPackDto {
  @Min(1, { message: 'Choose a pack of deliveries' })
  @IsInt({ message: 'Choose a pack of deliveries' })
  pack!: number;
}

/** A change to one coming delivery; only what it names changes. */
export class DeliveryChangeDto {
  @IsOptional()
  @IsBoolean({ message: 'skip must be true or false' })
  skip?: boolean;

  @IsOptional()
  @IsString({ message: 'Choose a delivery slot' })
  slot?: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(MAX_ADDRESS_LENGTH, { message: `Delivery address can be at most ${MAX_ADDRESS_LENGTH} characters` })
  @IsNotEmpty({ message: 'Delivery address is required' })
  @IsString({ message: 'Delivery address is required' })
  address?: string;

  @IsOptional()
  @Transform(trimText)
  @IsString({ message: 'Enter the 6-digit PIN code of the delivery address' })
  pincode?: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(100, { message: 'Recipient name can be at most 100 characters' })
  @IsNotEmpty({ message: 'Recipient name cannot be empty' })
  @IsString({ message: 'Recipient name must be text' })
  recipientName?: string;

  @IsOptional()
  @IsString({ message: "Enter the recipient's mobile number" })
  recipientPhone?: string;
}

export class PauseDto {
  @IsString({ message: 'Choose the first day of the pause' })
  from!: string;

  @IsString({ message: 'Choose the last day of the pause' })
  to!: string;
}

export const ADMIN_SUBSCRIPTION_STATES = ['awaiting-payment', 'active', 'cancelled'] as const;

export class AdminSubscriptionsQuery extends PagingQuery {
  @IsOptional()
  @IsString({ message: 'plan must be a plan id' })
  plan?: string;

  @IsOptional()
  @IsIn(ADMIN_SUBSCRIPTION_STATES, { message: `status must be one of: ${ADMIN_SUBSCRIPTION_STATES.join(', ')}` })
  status?: (typeof ADMIN_SUBSCRIPTION_STATES)[number];
}
