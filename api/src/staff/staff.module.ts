import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { StaffController, StaffInvitesController } from './staff.controller';
import { StaffInviteMailer } from './staff-invite-mailer';
import { StaffService } from './staff.service';

@Module({
  imports: [SessionsModule, RateLimitModule],
  controllers: [StaffController, StaffInvitesController],
  providers: [StaffService, StaffInviteMailer],
})
export class StaffModule {}
