import { BadRequestException, Body, Controller, Delete, Get, Headers, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { WishlistResponse } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { SignedIn } from '../common/access.decorator';
import { catalogueLanguage } from '../common/catalogue-language';
import { LanguageQueryDto } from '../common/language-query.dto';
import { AddToWishlistDto } from './dto/add-to-wishlist.dto';
import { WishlistService } from './wishlist.service';

const productIdParam = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('productId must be a product id') });

@ApiTags('wishlist')
@ApiBearerAuth()
@Controller('wishlist')
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  /** In the language `lang` names, else the one Accept-Language prefers (English by default), as the catalogue answers. */
  @SignedIn()
  @Get()
  list(@CurrentUser() user: AuthUser, @Query() query: LanguageQueryDto, @Headers('accept-language') acceptLanguage?: string): Promise<WishlistResponse> {
    return this.wishlist.list(user.id, catalogueLanguage(query.lang, acceptLanguage));
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
