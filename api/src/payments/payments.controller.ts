import { Body, Controller, Get, Header, Headers, HttpCode, HttpStatus, NotFoundException, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Order, PaymentOrder, PaymentsConfig, SandboxPayResponse } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Public, SignedIn } from '../common/access.decorator';
import { CreatePaymentOrderDto } from './dto/create-payment-order.dto';
import { SandboxPayDto } from './dto/sandbox-pay.dto';
import { VerifyPaymentDto } from './dto/verify-payment.dto';
import { PaymentsService } from './payments.service';
import { KEEP_RAW_BODY, type RequestWithRawBody } from './raw-body';
import { SANDBOX_CHECKOUT_SCRIPT } from './sandbox/sandbox-checkout';

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Public()
  @Get('config')
  @Header('cache-control', 'no-cache')
  config(): PaymentsConfig {
    return this.payments.config();
  }

  @SignedIn()
  @ApiBearerAuth()
  @Post('create-order')
  @HttpCode(HttpStatus.OK)
  createOrder(@CurrentUser() user: AuthUser, @Body() dto: CreatePaymentOrderDto): Promise<PaymentOrder> {
    return this.payments.createProviderOrder(user, dto);
  }

  @SignedIn()
  @ApiBearerAuth()
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  verify(@CurrentUser() user: AuthUser, @Body() dto: VerifyPaymentDto): Promise<{ success: true; order: Order }> {
    return this.payments.verify(user, dto);
  }

  /** Called by Razorpay, so public; the signature over the raw body is the authentication. */
  @Public()
  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @RouteConfig(KEEP_RAW_BODY)
  webhook(
    @Req() request: RequestWithRawBody,
    @Headers('x-razorpay-signature') signature: unknown,
    @Headers('x-razorpay-event-id') eventId: unknown,
  ): Promise<{ received: true }> {
    return this.payments.receiveWebhook({ rawBody: request.rawBody, signature, eventId, body: request.body });
  }

  @Public()
  @Get('sandbox/checkout.js')
  sandboxCheckoutScript(@Res({ passthrough: true }) reply: FastifyReply): string {
    if (!this.payments.sandbox) throw new NotFoundException('The payment sandbox is not available');
    // Set only on success: the JSON error body must not go out labelled as JavaScript.
    void reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return SANDBOX_CHECKOUT_SCRIPT;
  }

  @SignedIn()
  @ApiBearerAuth()
  @Post('sandbox/pay')
  @HttpCode(HttpStatus.OK)
  sandboxPay(@CurrentUser() user: AuthUser, @Body() dto: SandboxPayDto): Promise<SandboxPayResponse> {
    return this.payments.sandboxPay(user, dto);
  }
}
