import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DeliveryCharges, DeliveryChargesChange, DeliveryZone } from '@thalir/contracts';
import { changedFields, recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import { hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise } from '../common/money';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { DeliveryChargeRules, DeliveryZoneRule } from '../pricing/pricing';
import type { DeliveryChargesDto, DeliveryZoneDto } from './dto/delivery-charges.dto';

interface SettingsRow {
  charges: DeliveryChargeRules;
  changedAt: Date;
  changedById: string | null;
  changedByName: string | null;
}

const toZone = (zone: DeliveryZoneRule): DeliveryZone => ({
  name: zone.name,
  pincodePrefixes: [...zone.pincodePrefixes],
  fee: paiseToRupees(zone.feePaise),
  freeAbove: zone.freeAbovePaise === null ? null : paiseToRupees(zone.freeAbovePaise),
});

const toRule = (zone: DeliveryZoneDto): DeliveryZoneRule => ({
  name: zone.name,
  pincodePrefixes: [...new Set(zone.pincodePrefixes)],
  feePaise: rupeesToPaise(zone.fee),
  freeAbovePaise: zone.freeAbove === null ? null : rupeesToPaise(zone.freeAbove),
});

function toCharges(charges: DeliveryChargeRules) {
  return {
    defaultZone: toZone(charges.defaultZone),
    zones: charges.zones.map(toZone),
    slotSurcharges: Object.fromEntries(Object.entries(charges.slotSurchargesPaise).map(([slot, paise]) => [slot, paiseToRupees(paise)])),
  };
}

const HISTORY_SELECT = `SELECT s.charges, s.changed_at AS "changedAt", s.changed_by AS "changedById", u.name AS "changedByName"
  FROM delivery_charge_settings s LEFT JOIN users u ON u.id = s.changed_by`;

/** The delivery charges staff set: every save is a new version, with who saved it and when. */
@Injectable()
export class DeliveryChargesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async current(): Promise<DeliveryCharges> {
    const [row] = (await this.dataSource.query(`${HISTORY_SELECT} ORDER BY s.id DESC LIMIT 1`)) as SettingsRow[];
    return {
      ...toCharges(row.charges),
      updatedBy: row.changedById ? { _id: row.changedById, name: row.changedByName ?? '' } : null,
      updatedAt: row.changedById ? row.changedAt.toISOString() : null,
    };
  }

  async history(): Promise<DeliveryChargesChange[]> {
    const rows = (await this.dataSource.query(`${HISTORY_SELECT} ORDER BY s.id DESC LIMIT 100`)) as SettingsRow[];
    return rows.map((row) => ({
      changedAt: row.changedAt.toISOString(),
      changedBy: row.changedById ? { _id: row.changedById, name: row.changedByName ?? '' } : null,
      charges: toCharges(row.charges),
    }));
  }

  async save(dto: DeliveryChargesDto, act: StaffAct): Promise<DeliveryCharges> {
    const rules = this.rules(dto);
    await this.dataSource.transaction(async (manager) => {
      const [previous] = (await manager.query(`SELECT charges FROM delivery_charge_settings ORDER BY id DESC LIMIT 1 FOR UPDATE`)) as {
        charges: DeliveryChargeRules;
      }[];
      await manager.query(`INSERT INTO delivery_charge_settings (charges, changed_by) VALUES ($1, $2)`, [JSON.stringify(rules), act.id]);
      await recordAudit(manager, {
        actor: act,
        action: 'delivery-charges.update',
        entity: 'delivery-charges',
        entityId: null,
        ...changedFields(previous.charges as unknown as Record<string, unknown>, rules as unknown as Record<string, unknown>),
      });
    });
    return this.current();
  }

  /** The charges as the pricing reads them (paise), once every rule across fields holds. */
  private rules(dto: DeliveryChargesDto): DeliveryChargeRules {
    const seen = new Map<string, string>();
    for (const zone of dto.zones) {
      if (zone.pincodePrefixes.length === 0) throw new BadRequestException(`Zone "${zone.name}" needs at least one PIN code prefix`);
      for (const prefix of zone.pincodePrefixes) {
        const other = seen.get(prefix);
        if (other && other !== zone.name) throw new BadRequestException(`PIN code prefix ${prefix} is in two zones: "${other}" and "${zone.name}"`);
        seen.set(prefix, zone.name);
      }
    }
    const slots = this.config.delivery.slots.map((slot) => slot.label);
    const slotSurchargesPaise: Record<string, number> = {};
    for (const [slot, rupees] of Object.entries(dto.slotSurcharges)) {
      if (!slots.includes(slot)) throw new BadRequestException(`"${slot}" is not a delivery slot; the slots are ${slots.join(', ')}`);
      if (typeof rupees !== 'number' || rupees < 0 || rupees > 100_000 || !hasAtMostTwoDecimals(rupees)) {
        throw new BadRequestException(`The surcharge for ${slot} must be an amount in rupees from ₹0 to ₹1,00,000`);
      }
      if (rupees > 0) slotSurchargesPaise[slot] = rupeesToPaise(rupees);
    }
    return { defaultZone: { ...toRule(dto.defaultZone), pincodePrefixes: [] }, zones: dto.zones.map(toRule), slotSurchargesPaise };
  }
}
