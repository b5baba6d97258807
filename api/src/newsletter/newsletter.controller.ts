import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageResponse, NewsletterSubscriber } from '@thalir/contracts';
import { Permit, Public } from '../common/access.decorator';
import { FormPost } from '../common/form-post';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { SubscribeDto } from './dto/subscribe.dto';
import type { NewsletterLinkPurpose } from './newsletter-links';
import { type NewsletterPage, newsletterPageHtml } from './newsletter-pages';
import { type LinkOutcome, NewsletterService } from './newsletter.service';

/** The same answer for a new, a pending and a confirmed address, so the form cannot probe who subscribed. */
export const SUBSCRIBED = 'Thank you for subscribing! Please confirm with the link we have emailed you, and fresh news from Thalir Blooms is on its way.';

const SIGN_UP_AGAIN = 'You can sign up again on our home page.';

/** What each outcome of a link says, on its page and in JSON. */
const OUTCOMES: Record<LinkOutcome, { status: number; title: string; message: string }> = {
  confirmed: { status: 200, title: 'You are subscribed', message: 'Thank you for confirming. Fresh news from Thalir Blooms is on its way.' },
  'already-confirmed': { status: 200, title: 'You are subscribed', message: 'This address already gets our news.' },
  unsubscribed: { status: 200, title: 'You are unsubscribed', message: 'We will send no more news to this address, and we have forgotten it.' },
  invalid: {
    status: 404,
    title: 'This link is not valid any more',
    message: `It may have expired, or the subscription it was for has ended. ${SIGN_UP_AGAIN}`,
  },
};

/** The page behind each link before its button is pressed. */
const ASK: Record<NewsletterLinkPurpose, { title: string; message: string; label: string }> = {
  confirm: {
    title: 'Confirm your subscription',
    message: 'One click and our news comes to you: the flowers of the season, offers and stories from our farm in Hosur.',
    label: 'Yes, subscribe me',
  },
  unsubscribe: {
    title: 'Unsubscribe from Thalir Blooms news',
    message: 'We will stop sending our news to this address and forget it.',
    label: 'Unsubscribe',
  },
};

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
  @FormPost({
    backTo: { href: '/', label: 'Back to Thalir Blooms' },
    sent: { title: 'Thank you for subscribing', message: SUBSCRIBED },
    notSentTitle: 'You are not subscribed yet',
    submitLabel: 'Subscribe',
    fields: [{ name: 'email', label: 'Email address', type: 'email' }],
  })
  @Post()
  async subscribe(@Body() body: SubscribeDto): Promise<MessageResponse> {
    await this.newsletter.subscribe(body.email);
    return { message: SUBSCRIBED };
  }

  @Permit('shop')
  @ApiBearerAuth()
  @Get()
  list(): Promise<NewsletterSubscriber[]> {
    return this.newsletter.list();
  }

  /** The confirmation mail's link: a page whose button confirms (a GET changes nothing). */
  @Public()
  @Get('confirm')
  async confirmPage(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.ask('confirm', token, request, reply);
  }

  @Public()
  @Post('confirm')
  async confirm(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    answer(request, reply, OUTCOMES[await this.newsletter.confirm(token)]);
  }

  /** The unsubscribe link of every marketing mail, opened in a browser: a page whose button unsubscribes. */
  @Public()
  @Get('unsubscribe')
  async unsubscribePage(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.ask('unsubscribe', token, request, reply);
  }

  /** RFC 8058 one-click unsubscribe, from a mail program or the page's button: no sign-in, the link's token is enough. */
  @Public()
  @Post('unsubscribe')
  async unsubscribe(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    answer(request, reply, OUTCOMES[await this.newsletter.unsubscribe(token)]);
  }

  private async ask(purpose: NewsletterLinkPurpose, token: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await this.newsletter.linkState(purpose, token);
    if (state !== 'ready') return answer(request, reply, OUTCOMES[state === 'invalid' ? 'invalid' : 'already-confirmed']);
    const { title, message, label } = ASK[purpose];
    answer(request, reply, {
      status: 200,
      title,
      message,
      button: { label, action: `/api/newsletter/${purpose}?token=${encodeURIComponent(token as string)}`, oneClickField: purpose === 'unsubscribe' },
    });
  }
}

/** A page for a browser (its form posts ask for HTML), JSON in the API's shapes for anything else. */
function answer(request: FastifyRequest, reply: FastifyReply, outcome: NewsletterPage & { status: number }): void {
  const { status, ...page } = outcome;
  void reply.status(status).header('cache-control', 'no-store');
  if ((request.headers.accept ?? '').includes('text/html')) {
    void reply.type('text/html; charset=utf-8').send(newsletterPageHtml(page));
    return;
  }
  const message = `${page.title}. ${page.message}`;
  void reply.send(status >= 400 ? { success: false, message } : { message });
}
