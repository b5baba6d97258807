import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { ContactMessage } from '@thalir/contracts';
import { Outbox } from '../mail/outbox';
import { ContactMessageEntity } from './contact-message.entity';
import type { ContactMessageDto } from './dto/contact-message.dto';

function toContactMessage(entity: ContactMessageEntity): ContactMessage {
  return { _id: entity.id, name: entity.name, email: entity.email, message: entity.message, createdAt: entity.createdAt.toISOString() };
}

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Stores the message; the sender gets an acknowledgement and the staff a notice, in the same transaction. */
  async submit(dto: ContactMessageDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { identifiers } = await manager.insert(ContactMessageEntity, { name: dto.name, email: dto.email, message: dto.message });
      const contactMessageId = identifiers[0].id as string;
      const staff = this.outbox.staff;
      await this.outbox.enqueue(manager, [
        { kind: 'contact-ack', to: dto.email, contactMessageId },
        ...(staff ? [{ kind: 'staff-contact-message' as const, to: staff, contactMessageId }] : []),
      ]);
    });
  }

  async list(): Promise<ContactMessage[]> {
    const rows = await this.messages.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toContactMessage);
  }
}
