import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ContactMessage } from '@thalir/contracts';
import { Permit, Public } from '../common/access.decorator';
import { FormPost } from '../common/form-post';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import type { RateLimitRule } from '../common/rate-limit/rate-limiter';
import { ContactService } from './contact.service';
import { ContactMessageDto } from './dto/contact-message.dto';

/** The spec's success text, shown by the contact form as is. */
export const CONTACT_SENT = 'Message sent successfully!';

/** Public forms that write to the database and send mail: bounded per client address against floods. */
export const CONTACT_FORM_LIMIT: RateLimitRule = {
  name: 'contact',
  limit: 20,
  windowMs: 10 * 60 * 1000,
  message: (seconds) => `Too many messages from your address. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
};

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @ClientRateLimit(CONTACT_FORM_LIMIT)
  @FormPost({
    backTo: { href: '/contact', label: 'Back to the contact page' },
    sent: { title: 'Message sent', message: CONTACT_SENT },
    notSentTitle: 'Your message was not sent',
    submitLabel: 'Send message',
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'message', label: 'Message', multiline: true },
    ],
  })
  @Post()
  async submit(@Body() body: ContactMessageDto): Promise<{ success: true; message: string }> {
    await this.contact.submit(body);
    return { success: true, message: CONTACT_SENT };
  }

  @Permit('orders.manage')
  @ApiBearerAuth()
  @Get()
  list(): Promise<ContactMessage[]> {
    return this.contact.list();
  }
}
