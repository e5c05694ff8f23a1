/** What the test checkout shares with the backend, as a real provider's dashboard would give them. */
export interface TestCheckoutKeys {
  /** The provider id the backend knows it by (the webhook route's `{provider}`). */
  providerId: string
  /** Publishable; in every checkout URL. */
  apiKey: string
  /** Signs the checkout URL's query. */
  secretKey: string
  /** Signs the webhooks. */
  webhookSecret: string
  /** Where the webhook goes: the backend's `/v1/onramp/webhook/{providerId}`, known once it listens. */
  webhookUrl(): string
}
