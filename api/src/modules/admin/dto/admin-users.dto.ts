import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { ConsumerStatus, PublisherStatus, Role } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';
import { AddressDto } from '../../consumer/dto/address.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The keys of `admin/users?searchBy=` (spec §9 Search-by keys, as `order/search/` has them). */
export const USER_SEARCH_BY = ['id', 'email', 'phone', 'kitchen'] as const;
export type UserSearchBy = (typeof USER_SEARCH_BY)[number];

/** `admin/users?searchBy=&query=`. */
export class AdminUsersQuery extends PageQueryDto {
  @ApiProperty({
    type: String,
    enum: USER_SEARCH_BY,
    description:
      "id: the person's or their kitchen's id; email: part of the account's or kitchen's e-mail; phone: part of a phone " +
      "number given at checkout or in the kitchen's profile (digits compared, formatting ignored); kitchen: part of the kitchen's or brand's name",
  })
  @IsIn(USER_SEARCH_BY, { message: `searchBy must be one of ${USER_SEARCH_BY.join(', ')}` })
  searchBy: UserSearchBy;

  @ApiProperty({ type: String, example: 'pat@example.test' })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'query must not be empty' })
  @MaxLength(200, { message: 'query must be at most 200 characters' })
  query: string;
}

/** Why an account is disabled (spec §3 disabledReason), or why a picture is hidden. */
export class ReasonDto {
  @ApiProperty({ type: String, minLength: 3, maxLength: 500, example: 'Repeated no-shows at pickup' })
  @Transform(trim)
  @IsString({ message: 'Give a reason.' })
  @MinLength(3, { message: 'Give a reason of at least 3 characters.' })
  @MaxLength(500, { message: 'The reason must be at most 500 characters.' })
  reason: string;
}

/** A kitchen picture as the admin sees it: where it is used, whether it is hidden and why. */
export class AdminPictureDto {
  @ApiProperty({ type: String }) key: string;
  @ApiProperty({ type: String, description: 'URL path of the picture' }) url: string;
  @ApiProperty({ type: String, enum: ['profile', 'kitchen'] }) kind: 'profile' | 'kitchen';
  @ApiProperty() hidden: boolean;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
}

/** A dish of a kitchen, for the admin's picture moderation. */
export class AdminKitchenItemDto {
  @ApiProperty({ type: String, format: 'uuid' }) id: string;
  @ApiProperty({ type: String }) name: string;
  @ApiProperty({ description: 'An admin hid its pictures' }) blockImage: boolean;
}

/** A kitchen a person owns, with its review state, its public pictures and its dishes. */
export class AdminUserKitchenDto {
  @ApiProperty({ type: String, format: 'uuid' }) id: string;
  @ApiProperty({ type: String }) kitchenName: string;
  @ApiProperty({ type: String }) brandDisplayName: string;
  @ApiProperty({ type: String, enum: Object.values(PublisherStatus) }) status: PublisherStatus;
  @ApiProperty({ type: [AdminPictureDto] }) pictures: AdminPictureDto[];
  @ApiProperty({ type: [AdminKitchenItemDto], description: 'Its dishes (not deleted), by name' })
  items: AdminKitchenItemDto[];
}

/** One line of the search: a person and their kitchen, if any. */
export class AdminUserHitDto {
  @ApiProperty({ type: String, format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, enum: Object.values(Role), isArray: true }) roles: Role[];
  @ApiProperty({ type: String, enum: Object.values(ConsumerStatus) }) status: ConsumerStatus;
  @ApiProperty({ type: String, nullable: true }) kitchenName: string | null;
  @ApiProperty({ type: String, nullable: true, enum: Object.values(PublisherStatus) })
  kitchenStatus: PublisherStatus | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastLoginAt: string | null;
}

/** One of the person's orders. */
export class AdminUserOrderDto {
  @ApiProperty({ type: String, format: 'uuid' }) id: string;
  @ApiProperty({ type: String }) orderNumber: string;
  @ApiProperty({ type: String, format: 'date-time' }) orderedDate: string;
  @ApiProperty({ type: String }) orderStatus: string;
  @ApiProperty({ type: String, example: '24.50', description: 'Exact amount, 2 decimals' })
  orderTotal: string;
  @ApiProperty({ type: String }) currencyCode: string;
}

export class AdminUserOrdersDto {
  @ApiProperty({ type: Number }) count: number;
  @ApiProperty({ type: [AdminUserOrderDto], description: 'The latest few, newest first' })
  latest: AdminUserOrderDto[];
}

/** A person's profile as an admin sees it. */
export class AdminUserDto extends AdminUserHitDto {
  @ApiProperty({ type: String, nullable: true }) userName: string | null;
  @ApiProperty({ type: String, nullable: true }) disabledReason: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [AdminUserKitchenDto] }) kitchens: AdminUserKitchenDto[];
  @ApiProperty({ type: AdminUserOrdersDto }) orders: AdminUserOrdersDto;
  @ApiProperty({ type: Number, description: 'Live sign-in sessions' }) sessionsCount: number;
  @ApiProperty({ type: [AddressDto], description: 'Delivery addresses, first saved first' })
  addresses: AddressDto[];
}

/** An item's picture state after an admin hid or showed it again. */
export class ItemPictureStateDto {
  @ApiProperty({ type: String, format: 'uuid' }) itemId: string;
  @ApiProperty() blockImage: boolean;
  @ApiProperty({ type: String, nullable: true }) blockImageReason: string | null;
}

/** `admin/kitchens/{id}/block-picture`: which picture, and why. */
export class BlockKitchenPictureDto extends ReasonDto {
  @ApiProperty({
    type: String,
    description: "Storage key of the kitchen's portrait or one of its kitchen pictures",
  })
  @IsString()
  @MaxLength(500)
  key: string;
}

export class UnblockKitchenPictureDto {
  @ApiProperty({ type: String, description: 'Storage key of the hidden picture' })
  @IsString()
  @MaxLength(500)
  key: string;
}
