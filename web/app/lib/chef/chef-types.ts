import type { Schemas } from '../api/schemas';

/*
 * The API's response DTOs for the chef side (api/src/modules/{publisher,settings,admin,item,menu,kitchen}/dto),
 * named as the pages name them; generated from the API's OpenAPI document.
 */

/** A stored file: its storage key and the same-origin path it is served at. */
export type FileRef = Schemas['FileRefDto'];
/** A kitchen address or pickup place (the primary one is the kitchen's own address). */
export type PickupLocation = Schemas['PickupLocationDto'];
export type Rating = Schemas['RatingSummaryDto'];
/** `GET publisher`: the signed-in user's own kitchen in any status. */
export type PublisherDetail = Schemas['PublisherDetailDto'];
/** A kitchen in the admin's review list (`publisher/findByStatus` as an admin). */
export type PublisherReview = Schemas['PublisherReviewDto'];
/** A kitchen in the admin's list (`admin/kitchens`), with its platform fee. */
export type AdminKitchen = Schemas['AdminKitchenDto'];
/** `admin/fetch-percentage-by-kitchen-name`. */
export type KitchenFee = Schemas['KitchenFeeDto'];
/** `settings/add-cashfree-beneficiary` answer and `CASH_FREE` of the settings. */
export type Beneficiary = Schemas['BeneficiaryDto'];
/** `settings/stripe-account`: the kitchen's Stripe Connect account (NOT_SET_UP, ONBOARDING, ENABLED). */
export type StripeAccount = Schemas['StripeAccountDto'];
/** `GET settings`: current values or defaults of every key that needs no payment gateway. */
export type ChefSettings = Schemas['SettingsDto'];
export type Picture = Schemas['PictureDto'];
export type PricingOption = Schemas['PricingOptionDto'];
/** An item as its owner sees it (`GET item`, `GET item/{id}`). */
export type ChefItem = Schemas['ItemDto'];
export type MenuDate = Schemas['MenuDateDto'];
/** A menu as its owner sees it (`GET menu`, `GET menu/{id}`). */
export type ChefMenu = Schemas['MenuDto'];

/** `GET kitchen/{id}` (api/src/modules/kitchen/dto/kitchen-page.dto.ts). */
export type KitchenSlot = Schemas['KitchenSlotDto'];
export type KitchenItem = Schemas['KitchenItemDto'];
export type KitchenMenu = Schemas['KitchenMenuDto'];
export type KitchenDate = Schemas['KitchenDateDto'];
/** About the chef (public pictures only). */
export type KitchenAbout = Schemas['KitchenAboutDto'];
export type KitchenPage = Schemas['KitchenPageDto'];
