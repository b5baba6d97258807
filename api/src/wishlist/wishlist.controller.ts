import { BadRequestException, Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { WishlistResponse } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { SignedIn } from '../common/access.decorator';
import { AddToWishlistDto } from './dto/add-to-wishlist.dto';
import { WishlistService } from './wishlist.service';

const productIdParam = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('productId must be a product id') });

@ApiTags('wishlist')
@ApiBearerAuth()
@Controller('wishlist')
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @SignedIn()
  @Get()
  list(@CurrentUser() user: AuthUser): Promise<WishlistResponse> {
    return this.wishlist.list(user.id);
  }

  @SignedIn()
  @Post()
  add(@CurrentUser() user: AuthUser, @Body() body: AddToWishlistDto): Promise<WishlistResponse> {
    return this.wishlist.add(user.id, body.productId);
  }

  @SignedIn()
  @Delete(':productId')
  remove(@CurrentUser() user: AuthUser, @Param('productId', productIdParam) productId: string): Promise<WishlistResponse> {
    return this.wishlist.remove(user.id, productId);
  }
}
