import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthResponse, StaffInvite, StaffInvitePreview, StaffMember, StaffOverview } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { AUTH_CALLS } from '../auth/auth-limits';
import { Permit, Public } from '../common/access.decorator';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { StaffInviteAcceptanceDto, StaffInviteDto, StaffRoleDto } from './dto/staff.dto';
import { StaffService } from './staff.service';

/** The owner's Staff screen: who works in the back office, invitations, roles, deactivation. */
@ApiTags('admin')
@ApiBearerAuth()
@Permit('staff')
@Controller('admin/staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  overview(): Promise<StaffOverview> {
    return this.staff.overview();
  }

  @Post('invites')
  @HttpCode(HttpStatus.CREATED)
  invite(@Acting() act: StaffAct, @Body() input: StaffInviteDto): Promise<StaffInvite> {
    return this.staff.invite(act, input);
  }

  @Delete('invites/:id')
  revoke(@Acting() act: StaffAct, @Param('id') id: string): Promise<StaffInvite> {
    return this.staff.revokeInvite(act, id);
  }

  @Put(':id')
  changeRole(@Acting() act: StaffAct, @Param('id') id: string, @Body() input: StaffRoleDto): Promise<StaffMember> {
    return this.staff.changeRole(act, id, input.role);
  }

  @Post(':id/deactivate')
  @HttpCode(HttpStatus.OK)
  deactivate(@Acting() act: StaffAct, @Param('id') id: string): Promise<StaffMember> {
    return this.staff.deactivate(act, id);
  }

  @Post(':id/reactivate')
  @HttpCode(HttpStatus.OK)
  reactivate(@Acting() act: StaffAct, @Param('id') id: string): Promise<StaffMember> {
    return this.staff.reactivate(act, id);
  }
}

/** The invitee's side: the set-password page reads the invitation, then accepts it. */
@ApiTags('auth')
@Controller('auth/staff-invites')
@ClientRateLimit(AUTH_CALLS)
export class StaffInvitesController {
  constructor(private readonly staff: StaffService) {}

  @Public()
  @Get(':token')
  @Header('cache-control', 'no-store')
  preview(@Param('token') token: string): Promise<StaffInvitePreview> {
    return this.staff.preview(token);
  }

  @Public()
  @Post(':token')
  @HttpCode(HttpStatus.CREATED)
  @Header('cache-control', 'no-store')
  accept(@Param('token') token: string, @Body() input: StaffInviteAcceptanceDto, @Req() request: FastifyRequest): Promise<AuthResponse> {
    return this.staff.accept(token, input, request.ip);
  }
}
