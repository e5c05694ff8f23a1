/** A project known to the reference backend. */
export interface Project {
  id: string
  /** What the operator calls it (the admin page's label); the id when none is given. */
  name: string
  /**
   * Origins allowed to use it, as AppKit's hosted service lists them: exact origins, or
   * patterns where `*` stands for any run of characters (`matchesOriginPattern`).
   */
  allowedOrigins: string[]
  /** The flags `/appkit/v1/config` answers; `analytics: false` is the analytics switch (off). */
  features: Record<string, boolean | string[]>
}

/** The dev project every local demo and test uses (DEVELOPERS.md: project id `latch-dev`). */
export const DEV_PROJECT: Project = {
  id: 'latch-dev',
  name: 'Latch dev',
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
