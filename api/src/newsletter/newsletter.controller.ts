import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { MessageResponse, NewsletterSubscriber } from '@thalir/contracts';
import { AdminOnly, Public } from '../common/access.decorator';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { SubscribeDto } from './dto/subscribe.dto';
import { NewsletterService } from './newsletter.service';

/** The same answer for a new and a repeated subscription, so the form cannot probe who subscribed. */
export const SUBSCRIBED = 'Thank you for subscribing! Fresh news from Thalir Blooms is on its way.';

@ApiTags('newsletter')
@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Public()
  @ClientRateLimit({
    name: 'newsletter',
    limit: 20,
    windowMs: 10 * 60 * 1000,
    message: (seconds) => `Too many sign-ups from your address. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  })
  @Post()
  async subscribe(@Body() body: SubscribeDto): Promise<MessageResponse> {
    await this.newsletter.subscribe(body.email);
    return { message: SUBSCRIBED };
  }

  @AdminOnly()
  @ApiBearerAuth()
  @Get()
  list(): Promise<NewsletterSubscriber[]> {
    return this.newsletter.list();
  }
}
