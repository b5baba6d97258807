import { trimText } from '../../common/trim';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { ENQUIRY_FREQUENCIES, ENQUIRY_STATUSES, type EnquiryFrequency, type EnquiryStatus } from '@thalir/contracts';
import { COUNTRY_CODES } from '@thalir/contracts/countries';
import { PagingQuery } from '../../common/paging.query';
import { EmailField } from '../../users/user-fields';

const blankAsMissing = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : trimText({ value }));

/** A request for a wholesale quote. Checks run bottom-up, so the most basic one's message shows. */
export class EnquiryDto {
  @Transform(trimText)
  @MaxLength(150, { message: 'Company can be at most 150 characters' })
  @IsNotEmpty({ message: 'Company is required' })
  @IsString({ message: 'Company is required' })
  company!: string;

  @Transform(trimText)
  @MaxLength(100, { message: 'Contact name can be at most 100 characters' })
  @IsNotEmpty({ message: 'Contact name is required' })
  @IsString({ message: 'Contact name is required' })
  contactName!: string;

  @EmailField()
  email!: string;

  /** International format: a +, the country code, then digits (spaces, dashes and brackets allowed). */
  @IsOptional()
  @Transform(blankAsMissing)
  @Matches(/^\+[1-9][\d\s\-()]{6,22}$/, { message: 'Phone must be in international format, like +61 2 9876 5432' })
  @IsString({ message: 'Phone must be in international format, like +61 2 9876 5432' })
  phone?: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsIn(COUNTRY_CODES, { message: 'Choose a country from the list' })
  country!: string;

  @IsOptional()
  @IsUUID('all', { each: true, message: 'Products must be chosen from the catalogue' })
  @ArrayMaxSize(50, { message: 'Choose at most 50 products' })
  @IsArray({ message: 'Products must be a list' })
  productIds?: string[];

  @IsOptional()
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @Type(() => Number)
  @Max(10_000_000, { message: 'Quantity can be at most 10,000,000 stems per shipment' })
  @Min(1, { message: 'Quantity must be at least 1 stem' })
  @IsInt({ message: 'Quantity must be a whole number of stems' })
  quantity?: number;

  @IsOptional()
  @Transform(blankAsMissing)
  @IsIn(ENQUIRY_FREQUENCIES, { message: `Frequency must be one of ${ENQUIRY_FREQUENCIES.join(', ')}` })
  frequency?: EnquiryFrequency;

  @IsOptional()
  @Transform(blankAsMissing)
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Target month must look like 2027-02' })
  @IsString({ message: 'Target month must look like 2027-02' })
  targetMonth?: string;

  @Transform(trimText)
  @MaxLength(5000, { message: 'Message can be at most 5000 characters' })
  @IsNotEmpty({ message: 'Message is required' })
  @IsString({ message: 'Message is required' })
  message!: string;
}

/** What staff change about an enquiry. */
export class UpdateEnquiryDto {
  @IsOptional()
  @IsIn(ENQUIRY_STATUSES, { message: `Status must be one of ${ENQUIRY_STATUSES.join(', ')}` })
  status?: EnquiryStatus;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(5000, { message: 'Note can be at most 5000 characters' })
  @IsString({ message: 'Note must be text' })
  note?: string;
}

export class ListEnquiriesQuery extends PagingQuery {
  @IsOptional()
  @IsIn(ENQUIRY_STATUSES, { message: `status must be one of ${ENQUIRY_STATUSES.join(', ')}` })
  status?: EnquiryStatus;
}
