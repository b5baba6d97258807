import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ContactMessage } from '@thalir/contracts';
import { ContactMessageEntity } from './contact-message.entity';
import type { ContactMessageDto } from './dto/contact-message.dto';

function toContactMessage(entity: ContactMessageEntity): ContactMessage {
  return { _id: entity.id, name: entity.name, email: entity.email, message: entity.message, createdAt: entity.createdAt.toISOString() };
}

@Injectable()
export class ContactService {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  async submit(dto: ContactMessageDto): Promise<void> {
    await this.messages.insert({ name: dto.name, email: dto.email, message: dto.message });
  }

  async list(): Promise<ContactMessage[]> {
    const rows = await this.messages.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toContactMessage);
  }
}
