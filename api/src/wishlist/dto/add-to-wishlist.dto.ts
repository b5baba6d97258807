import { IsDefined, IsUUID } from 'class-validator';

export class AddToWishlistDto {
  @IsDefined({ message: 'productId is required' })
  @IsUUID('all', { message: 'productId must be a product id' })
  productId!: string;
}
