import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { PublisherStatus, Role } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { prepared, runPrepared } from '../../common/database/prepared.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { AddressPlacerService } from '../geo/address-placer.service.js';
import { addressColumns, isCompleteSearchLocation, mapAddress } from './address.mapper.js';
import { ConsumerAddressEntity } from './consumer-address.entity.js';
import { ConsumerEntity } from './consumer.entity.js';
import type { AddressDto, AddressInputDto } from './dto/address.dto.js';
import type { ConsumerDetailsDto } from './dto/consumer-details.dto.js';

/** Identity claims the consumer row is kept in step with (from the ID or access token). */
export interface IdentityClaims {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  preferred_username?: string;
  realm_access?: { roles?: string[] };
}

const KNOWN_ROLES = new Set<string>(Object.values(Role));

/** Roles carried by a token, as Keycloak puts them (realm_access.roles), limited to the app's roles. */
export function tokenRoles(claims: IdentityClaims): Role[] {
  return (claims.realm_access?.roles ?? []).filter((r): r is Role => KNOWN_ROLES.has(r));
}

interface PrincipalRow {
  id: string;
  keycloak_id: string;
  name: string | null;
  user_email: string | null;
  user_name: string | null;
  roles: Role[];
  status: string;
  time_zone: string | null;
  publisher_id: string | null;
  publisher_status: PublisherStatus | null;
}

@Injectable()
export class ConsumerService {
  constructor(
    @InjectRepository(ConsumerEntity) private readonly consumers: Repository<ConsumerEntity>,
    @InjectRepository(ConsumerAddressEntity) private readonly addresses: Repository<ConsumerAddressEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly placer: AddressPlacerService,
  ) {}

  /** Creates or updates the consumer from the token on every login (keyed by the subject id). */
  async upsertFromClaims(claims: IdentityClaims, timeZone?: string): Promise<ConsumerEntity> {
    const name = claims.name ?? ([claims.given_name, claims.family_name].filter(Boolean).join(' ') || null);
    const values = {
      keycloakId: claims.sub,
      name,
      userEmail: claims.email ?? null,
      userName: claims.preferred_username ?? claims.email ?? null,
      roles: tokenRoles(claims),
      lastLoginAt: new Date(),
      ...(timeZone ? { timeZone } : {}),
    };
    await this.consumers.upsert(values, {
      conflictPaths: ['keycloakId'],
      skipUpdateIfNoValuesChanged: false,
    });
    return this.consumers.findOneByOrFail({ keycloakId: claims.sub });
  }

  /** Updates the roles remembered from a refreshed token. */
  async updateTokenRoles(consumerId: string, claims: IdentityClaims): Promise<void> {
    await this.consumers.update({ id: consumerId }, { roles: tokenRoles(claims) });
  }

  /**
   * The caller as the guards see them, in one query: token roles plus ROLE_CHEF when they own an approved
   * kitchen (approval needs no change at the identity provider). Null for a missing or disabled consumer.
   */
  async principalData(
    where: { consumerId: string } | { subject: string },
  ): Promise<Omit<Principal, 'via' | 'authenticatedTime' | 'acr' | 'registrationPending'> | null> {
    const byId = 'consumerId' in where;
    // Every signed-in request asks this: prepared once per connection (common/database/prepared.ts).
    const { rows } = await runPrepared<PrincipalRow>(
      this.db.manager,
      byId ? PRINCIPAL_BY_ID : PRINCIPAL_BY_SUBJECT,
      [byId ? where.consumerId : where.subject],
    );
    const row = rows[0];
    if (!row || row.status !== 'ACTIVE') return null;
    const roles = new Set<Role>([Role.USER, ...row.roles]);
    const approved = row.publisher_status === PublisherStatus.APPROVED;
    if (approved) roles.add(Role.CHEF);
    return {
      consumerId: row.id,
      subject: row.keycloak_id,
      name: row.name,
      email: row.user_email,
      userName: row.user_name,
      roles: [...roles],
      publisherId: approved ? row.publisher_id : null,
      kitchenStatus: row.publisher_status,
      timeZone: row.time_zone,
    };
  }

  /** The user details of spec §3 for the signed-in user. */
  async details(
    actor: Principal,
    currentLocation: { lat?: number; lng?: number },
  ): Promise<ConsumerDetailsDto> {
    const consumer = await this.consumers.findOne({ where: { id: actor.consumerId } });
    if (!consumer) throw notFound('Your account was not found.');
    // A read of the favourite module's table: that module sits above this one (it reads kitchens).
    const favourites: Array<{ publisher_id: string }> = await this.db.query(
      `SELECT publisher_id FROM consumer_favourite_chef WHERE consumer_id = $1 ORDER BY created_at, id`,
      [actor.consumerId],
    );
    const locations = await this.listAddresses(actor);
    const [kitchen] = await this.db.query(`SELECT kitchen_name FROM publisher WHERE consumer_id = $1`, [
      actor.consumerId,
    ]);
    return {
      id: consumer.id,
      name: consumer.name,
      userName: consumer.userName,
      userEmail: consumer.userEmail,
      keycloakId: consumer.keycloakId,
      roles: actor.roles,
      status: consumer.status,
      disabledReason: consumer.disabledReason,
      isChef: actor.roles.includes(Role.CHEF),
      kitchenName: (kitchen?.kitchen_name as string | undefined) ?? null,
      country: consumer.country,
      chefCountry: consumer.chefCountry,
      timeZone: consumer.timeZone,
      favChefs: favourites.map((f) => f.publisher_id),
      consumerLocations: locations,
      manualSearchLocation: isCompleteSearchLocation(locations[0]) ? locations[0] : null,
      consumerContactDetails: consumer.contactDetails,
      currentLocation:
        currentLocation.lat !== undefined && currentLocation.lng !== undefined
          ? { lat: currentLocation.lat, lng: currentLocation.lng }
          : null,
      authTracker: {
        isAuthenticated: true,
        authenticatedTime: actor.authenticatedTime?.toISOString() ?? null,
        isRegistrationPending: actor.registrationPending,
      },
    };
  }

  /** The caller's delivery addresses, first saved first. */
  listAddresses(actor: Principal): Promise<AddressDto[]> {
    return this.addressesOf(actor.consumerId);
  }

  /** One person's delivery addresses, first saved first (theirs, or an admin's look). */
  async addressesOf(consumerId: string): Promise<AddressDto[]> {
    const rows = await this.addresses.find({
      where: { consumerId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => mapAddress(r.id, r.address));
  }

  /**
   * `consumer/delivery/address/email` (spec §7, admins): the delivery addresses of the customer with this
   * account e-mail (whatever its case), for an admin helping on the phone; 404 when there are none.
   */
  async addressesByEmail(email: string): Promise<AddressDto[]> {
    const people = (await this.db.query(
      `SELECT id FROM consumer WHERE lower(user_email) = lower($1) ORDER BY created_at, id`,
      [email],
    )) as Array<{ id: string }>;
    const found = (await Promise.all(people.map((p) => this.addressesOf(p.id)))).flat();
    if (found.length === 0) throw notFound(`No delivery address was found for ${email}.`, { email });
    return found;
  }

  /** Saves a delivery address, placed on the map from its zip code unless the client sent coordinates. */
  async addAddress(actor: Principal, dto: AddressInputDto): Promise<AddressDto> {
    const { lat, lng } = await this.placer.place(dto);
    const address = addressColumns({ ...dto, lat, lng });
    const saved = await this.addresses.save(this.addresses.create({ consumerId: actor.consumerId, address }));
    const fresh = await this.addresses.findOneByOrFail({ id: saved.id });
    return mapAddress(fresh.id, fresh.address);
  }

  /** Changes an address; it keeps its point while its zip code and country stay, unless new coordinates come. */
  async updateAddress(actor: Principal, id: string, dto: AddressInputDto): Promise<AddressDto> {
    const existing = await this.ownAddress(actor, id);
    const { lat, lng } = await this.placer.replace(dto, existing.address);
    existing.address = { ...existing.address, ...addressColumns({ ...dto, lat, lng }) };
    await this.addresses.save(existing);
    const fresh = await this.addresses.findOneByOrFail({ id });
    return mapAddress(fresh.id, fresh.address);
  }

  async deleteAddress(actor: Principal, id: string): Promise<void> {
    const existing = await this.ownAddress(actor, id);
    await this.addresses.delete({ id: existing.id });
  }

  // Another user's address is reported exactly like a missing one, so ids cannot be probed.
  private async ownAddress(actor: Principal, id: string): Promise<ConsumerAddressEntity> {
    const row = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.addresses.findOneBy({ id, consumerId: actor.consumerId })
      : null;
    if (!row) throw notFound(`Address ${id} was not found.`, { id });
    return row;
  }
}

const PRINCIPAL_SQL = `SELECT c.id, c.keycloak_id, c.name, c.user_email, c.user_name, c.roles, c.status, c.time_zone,
       p.id AS publisher_id, p.status AS publisher_status
  FROM consumer c
  LEFT JOIN publisher p ON p.consumer_id = c.id
 WHERE`;
const PRINCIPAL_BY_ID = prepared(`${PRINCIPAL_SQL} c.id = $1`);
const PRINCIPAL_BY_SUBJECT = prepared(`${PRINCIPAL_SQL} c.keycloak_id = $1`);
