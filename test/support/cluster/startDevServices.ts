import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { startHardhatNode, type HardhatNode } from '../../../server/chains/startHardhatNode.js'
import { startLocalChains } from '../../../server/chains/startLocalChains.js'
import { isAdminTokenValid } from '../../../server/admin/isAdminTokenValid.js'
import { mailboxRoutes } from '../../../server/mail/mailboxRoutes.js'
import { startMailService } from '../../../server/mail/startMailService.js'
import type { DevMailbox } from '../../../server/mail/DevMailbox.js'
import { startLocalOpenIdProvider } from '../../../server/oidc/startLocalOpenIdProvider.js'

/** The stand-in OpenID provider's one client: the secure site, on its public origin. */
const OPENID_CLIENT = 'latch-cluster'

/** What the cluster's instances share instead of each running its own stand-in. */
export interface DevServices {
  /** The mail stand-in: every instance sends through it (`--smtp`). */
  smtpUrl: string
  mailbox: DevMailbox
  /** `GET <url>/dev/mailbox?email=…` with the admin token, as a dev-mode backend serves it: a `DevBackend` for the mail helpers. */
  url: string
  adminToken: { value: string }
  /** `--chain` values: the local chains, or the one bare chain. */
  chainFlags: string[]
  /** Chain 31337's node (for a dapp page's own RPC). */
  rpcUrl: string
  /** `--social` values naming the OpenID stand-in for google, and the environment with its client secret. */
  socialFlags: string[]
  socialEnv: Record<string, string>
  close(): Promise<void>
}

/**
 * Starts the stand-ins the instances share, in this process: the SMTP server and its mailbox
 * (served at `/dev/mailbox` behind the admin token, as a dev-mode backend serves its own), the
 * local OpenID provider standing in for google (its client the secure site on `siteUrl`), and
 * the chains: with `chains` the two local hardhat chains with the test contracts, else one bare
 * hardhat chain 31337 (an instance serves at least one network). Each instance in dev mode would
 * run its own stand-ins, which a client moving between instances cannot use.
 */
export async function startDevServices({ adminToken, chains, siteUrl }: { adminToken: string; chains: boolean; siteUrl: string }): Promise<DevServices> {
  const mail = await startMailService()
  const nodes: HardhatNode[] = []
  const app = Fastify()
  const clientSecret = randomBytes(24).toString('hex')
  const openId = await startLocalOpenIdProvider({
    cookieSecret: randomBytes(32),
    clients: [{ clientId: OPENID_CLIENT, clientSecret, name: 'Latch wallet (cluster)', redirectUris: [`${siteUrl}/social/callback`] }],
  })
  try {
    const local = chains
      ? (await startLocalChains((node) => nodes.push(node))).map((chain) => ({ caipNetworkId: chain.caipNetworkId, rpcUrl: chain.nodeRpcUrl }))
      : [await startHardhatNode({ chainId: 31337 }).then((node) => (nodes.push(node), { caipNetworkId: 'eip155:31337', rpcUrl: node.rpcUrl }))]
    app.addHook('onRequest', async (request, reply) => {
      if (!isAdminTokenValid(request.headers.authorization, adminToken)) await reply.code(401).send({ message: 'admin token required' })
    })
    await app.register(mailboxRoutes, { mailbox: mail.mailbox })
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    return {
      smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`,
      mailbox: mail.mailbox,
      url,
      adminToken: { value: adminToken },
      chainFlags: local.map((chain) => `${chain.caipNetworkId}=${chain.rpcUrl}`),
      rpcUrl: local[0]!.rpcUrl,
      socialFlags: [`google=${openId.issuer},${OPENID_CLIENT}`],
      socialEnv: { LATCH_SOCIAL_GOOGLE_SECRET: clientSecret },
      async close() {
        await app.close()
        await openId.close()
        await mail.close()
        await Promise.all(nodes.map((node) => node.stop()))
      },
    }
  } catch (error) {
    await app.close()
    await openId.close()
    await mail.close()
    await Promise.all(nodes.map((node) => node.stop()))
    throw error
  }
}
