/** A project known to the reference backend. */
export interface Project {
  id: string
  /** Origins allowed to use it; loopback origins match any port. */
  allowedOrigins: string[]
  features: Record<string, boolean | string[]>
}

/** The dev project every local demo and test uses (DEVELOPERS.md: project id `latch-dev`). */
export const DEV_PROJECT: Project = {
  id: 'latch-dev',
  allowedOrigins: ['http://127.0.0.1', 'http://localhost'],
  features: {
    email: true,
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    swaps: true,
    onramp: true,
    activity: true,
    branding: true,
  },
}
