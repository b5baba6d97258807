import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { UserPublic } from '@thalir/contracts';
import { UserEntity } from './user.entity';

export function toUserPublic(user: UserEntity): UserPublic {
  return { _id: user.id, name: user.name, email: user.email, address: user.address, role: user.role };
}

@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
    return this.users.findOneBy({ id });
  }
}
