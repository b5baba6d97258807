import { Body, Controller, Get, Headers, HttpCode, HttpStatus, NotFoundException, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { SubscriptionPlan } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit, Public } from '../common/access.decorator';
import { catalogueLanguage, isCatalogueLanguage } from '../common/catalogue-language';
import { LanguageQueryDto } from '../common/language-query.dto';
import { TranslationDto } from '../common/translation.dto';
import { SubscriptionPlanDto } from './dto/subscription-plan.dto';
import { SubscriptionPlansService } from './subscription-plans.service';

/** The plans on sale, as customers see them (the plan pages, /subscribe/{slug}). */
@ApiTags('subscriptions')
@Controller('subscription-plans')
export class SubscriptionPlansController {
  constructor(private readonly plans: SubscriptionPlansService) {}

  /** In the language `lang` names, else the one Accept-Language prefers (English by default). */
  @Public()
  @Get()
  async list(@Query() query: LanguageQueryDto, @Headers('accept-language') acceptLanguage?: string): Promise<SubscriptionPlan[]> {
    return this.plans.listActive(catalogueLanguage(query.lang, acceptLanguage));
  }

  @Public()
  @Get(':slug')
  find(@Param('slug') slug: string, @Query() query: LanguageQueryDto, @Headers('accept-language') acceptLanguage?: string): Promise<SubscriptionPlan> {
    return this.plans.findActive(slug, catalogueLanguage(query.lang, acceptLanguage));
  }
}

/** Staff's plans: create, change, stop selling. */
@ApiTags('admin')
@ApiBearerAuth()
@Permit('catalog')
@Controller('admin/subscription-plans')
export class AdminSubscriptionPlansController {
  constructor(private readonly plans: SubscriptionPlansService) {}

  /** `lang=ta`: the plans in Tamil, as the back office's form reads their Tamil texts. */
  @Get()
  list(@Query() query: LanguageQueryDto): Promise<SubscriptionPlan[]> {
    return this.plans.list(query.lang);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Acting() act: StaffAct, @Body() dto: SubscriptionPlanDto): Promise<SubscriptionPlan> {
    return this.plans.create(dto, act);
  }

  /** Changes what the body names; `{active: false}` stops selling the plan. */
  @Put(':id')
  update(@Param('id') id: string, @Acting() act: StaffAct, @Body() dto: SubscriptionPlanDto): Promise<SubscriptionPlan> {
    return this.plans.update(id, dto, act);
  }

  /** The plan's name and description in another language (Tamil); an empty name removes them. */
  @Put(':id/translations/:lang')
  translate(@Param('id') id: string, @Param('lang') lang: string, @Acting() act: StaffAct, @Body() dto: TranslationDto): Promise<SubscriptionPlan> {
    if (!isCatalogueLanguage(lang) || lang === 'en') throw new NotFoundException('Translations are kept for: ta');
    return this.plans.translate(id, lang, dto, act);
  }
}
