/** A project known to the reference backend. */
export interface Project {
  id: string
  /**
   * Origins allowed to use it, as AppKit's hosted service lists them: exact origins, or
   * patterns where `*` stands for any run of characters (`matchesOriginPattern`).
   */
  allowedOrigins: string[]
  features: Record<string, boolean | string[]>
}

/** The dev project every local demo and test uses (DEVELOPERS.md: project id `latch-dev`). */
export const DEV_PROJECT: Project = {
  id: 'latch-dev',
  // Loopback pages on any port, written so AppKit's own check admits them too (issue 16).
  allowedOrigins: ['http://127.0.0.1', 'http://127.0.0.1:*', 'http://localhost', 'http://localhost:*'],
  features: {
    email: true,
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    swaps: true,
    onramp: true,
    activity: true,
    branding: true,
  },
}
