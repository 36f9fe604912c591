/** A kitchen picture hidden by an admin (`publisher.blocked_pictures`, issue 18 part 8). */
export interface BlockedPicture {
  key: string;
  reason: string;
  blockedAt: string;
}
