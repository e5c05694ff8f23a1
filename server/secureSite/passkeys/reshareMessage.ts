/** What the frame signs with the assembled key to re-split it (`/api/share/reshare`): names the ticket, so a signature serves once. */
export const reshareMessage = (ticket: string) => `Latch: re-split my wallet key (${ticket})`
