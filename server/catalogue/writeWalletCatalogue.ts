import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateWallet } from './generateWallet.js'
import { LOCAL_SOLANA_CAIP_ID } from '../solana/localGenesisHash.js'
import type { WalletListing } from './WalletListing.js'

// Writes server/catalogue/wallets.json: the 50 best-known wallets with their real names, rdns
// and link schemes, then generated ones up to 300. Run by hand after editing the list:
//   npx tsx server/catalogue/writeWalletCatalogue.ts
const EVM = ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:31337', 'eip155:31338']
// The local dev chains the reference backend runs (hardhat 31337/31338, its Solana cluster) are
// listed beside the public ones, so a page on them gets catalogue wallets too.
const SOL = ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', LOCAL_SOLANA_CAIP_ID]
const DOT = ['polkadot:91b171bb158e2d3848fa23a9f1c25182']
const BTC = ['bip122:000000000019d6689c085ae165831e93']

// [name, rdns, mobile, desktop, webapp, homepage, chains]
type Known = [string, string | null, string | null, string | null, string | null, string, string[]]
const KNOWN: Known[] = [
  ['MetaMask', 'io.metamask', 'metamask://', null, null, 'https://metamask.io', EVM],
  ['Trust Wallet', 'com.trustwallet.app', 'trust://', null, null, 'https://trustwallet.com', [...EVM, ...SOL]],
  ['Coinbase Wallet', 'com.coinbase.wallet', 'cbwallet://', null, null, 'https://www.coinbase.com/wallet', [...EVM, ...SOL]],
  ['Rainbow', 'me.rainbow', 'rainbow://', null, null, 'https://rainbow.me', EVM],
  ['Phantom', 'app.phantom', 'phantom://', null, null, 'https://phantom.app', [...SOL, 'eip155:1', 'eip155:137', 'eip155:8453']],
  ['OKX Wallet', 'com.okex.wallet', 'okex://main', null, null, 'https://www.okx.com/web3', [...EVM, ...SOL, ...BTC]],
  ['Uniswap Wallet', 'org.uniswap.app', 'uniswap://', null, null, 'https://wallet.uniswap.org', EVM],
  ['Zerion', 'io.zerion.wallet', 'zerion://', null, null, 'https://zerion.io', EVM],
  ['Ledger Live', 'com.ledger', 'ledgerlive://', 'ledgerlive://', null, 'https://www.ledger.com/ledger-live', [...EVM, ...SOL]],
  ['Safe', null, null, null, 'https://app.safe.global/', 'https://safe.global', EVM],
  ['Argent', null, 'argent://app/', null, null, 'https://www.argent.xyz', EVM],
  ['imToken', 'im.token', 'imtokenv2://', null, null, 'https://token.im', EVM],
  ['TokenPocket', 'pro.tokenpocket', 'tpoutside://', null, null, 'https://www.tokenpocket.pro', [...EVM, ...SOL]],
  ['Exodus', 'com.exodus.web3-wallet', 'exodus://', null, null, 'https://www.exodus.com', [...EVM, ...SOL, ...BTC]],
  ['Bitget Wallet', 'com.bitget.web3', 'bitkeep://', null, null, 'https://web3.bitget.com', [...EVM, ...SOL]],
  ['Rabby Wallet', 'io.rabby', 'rabby://', null, null, 'https://rabby.io', EVM],
  ['Brave Wallet', 'com.brave.wallet', null, null, null, 'https://brave.com/wallet', [...EVM, ...SOL]],
  ['Frame', 'sh.frame', null, null, null, 'https://frame.sh', EVM],
  ['Taho', 'xyz.taho', null, null, null, 'https://taho.xyz', EVM],
  ['Enkrypt', 'com.enkrypt', null, null, null, 'https://www.enkrypt.com', [...EVM, ...DOT]],
  ['Backpack', 'app.backpack', 'backpack://', null, null, 'https://backpack.app', [...SOL, 'eip155:1']],
  ['Solflare', 'com.solflare', 'solflare://', null, null, 'https://solflare.com', SOL],
  ['Zengo', null, 'zengo://', null, null, 'https://zengo.com', EVM],
  ['Crypto.com | DeFi Wallet', 'com.crypto.wallet', 'dfw://', null, null, 'https://crypto.com/defi-wallet', EVM],
  ['1inch Wallet', null, '1inch://', null, null, 'https://1inch.io/wallet', EVM],
  ['SafePal', 'com.safepal', 'safepalwallet://', null, null, 'https://www.safepal.com', [...EVM, ...SOL]],
  ['MathWallet', 'com.mathwallet', 'mathwallet://', null, null, 'https://mathwallet.org', [...EVM, ...SOL, ...DOT]],
  ['Coin98 Super Wallet', 'coin98.com', 'coin98://', null, null, 'https://coin98.com/wallet', [...EVM, ...SOL]],
  ['Atomic Wallet', null, 'atomic://', null, null, 'https://atomicwallet.io', [...EVM, ...BTC]],
  ['Trezor Suite', null, null, null, 'https://suite.trezor.io/web/', 'https://trezor.io', [...EVM, ...BTC]],
  ['Frontier', 'xyz.frontier.wallet', 'frontier://', null, null, 'https://www.frontier.xyz', EVM],
  ['Omni', null, 'omni://', null, null, 'https://omni.app', [...EVM, ...SOL]],
  ['Unstoppable Wallet', null, 'moby://', null, null, 'https://unstoppable.money', [...EVM, ...SOL, ...BTC]],
  ['Blockchain.com', null, 'blockchain-wallet://', null, null, 'https://www.blockchain.com/wallet', [...EVM, ...BTC]],
  ['Ambire Wallet', 'com.ambire', 'ambire://', null, 'https://wallet.ambire.com/', 'https://www.ambire.com', EVM],
  ['Binance Web3 Wallet', 'com.binance.wallet', 'bnc://app.binance.com/cedefi/', null, null, 'https://www.binance.com/web3wallet', [...EVM, ...SOL]],
  ['Bybit Wallet', 'com.bybit', 'bybitapp://', null, null, 'https://www.bybit.com/web3', EVM],
  ['Kraken Wallet', 'com.kraken', 'krakenwallet://', null, null, 'https://www.kraken.com/wallet', [...EVM, ...SOL]],
  ['Robinhood Wallet', null, 'robinhood-wallet://', null, null, 'https://robinhood.com/web3-wallet', [...EVM, ...SOL]],
  ['Best Wallet', null, 'bestwallet://', null, null, 'https://bestwallet.com', EVM],
  ['Tangem', null, 'tangem://', null, null, 'https://tangem.com', [...EVM, ...SOL, ...BTC]],
  ['ONTO', null, 'ontoprovider://', null, null, 'https://onto.app', EVM],
  ['AlphaWallet', null, 'awallet://', null, null, 'https://alphawallet.com', EVM],
  ['Gem Wallet', null, 'gem://', null, null, 'https://gemwallet.com', [...EVM, ...SOL]],
  ['Bitcoin.com Wallet', null, 'bitcoincom://', null, null, 'https://wallet.bitcoin.com', [...EVM, ...BTC]],
  ['Magic Eden', 'io.magiceden.wallet', 'magiceden://', null, null, 'https://wallet.magiceden.io', [...EVM, ...SOL, ...BTC]],
  ['Core', 'app.core.extension', 'core://', null, null, 'https://core.app', EVM],
  ['Xverse', 'com.xverse', 'xverse://', null, null, 'https://www.xverse.app', BTC],
  ['Talisman', 'xyz.talisman', null, null, null, 'https://talisman.xyz', [...EVM, ...DOT]],
  ['SubWallet', 'app.subwallet', 'subwallet://', null, null, 'https://subwallet.app', [...EVM, ...DOT]],
]

const here = dirname(fileURLToPath(import.meta.url))
const known: WalletListing[] = KNOWN.map(([name, rdns, mobile, desktop, webapp, homepage, chains], index) => {
  const digest = createHash('sha256').update(`latch-wallet:${name}`).digest()
  return {
    id: digest.toString('hex'),
    name,
    image_id: `img-${digest.subarray(0, 8).toString('hex')}`,
    rdns,
    mobile_link: mobile,
    desktop_link: desktop,
    webapp_link: webapp,
    homepage,
    chains,
    badge_type: index < 20 ? 'certified' : 'none',
    order: index + 1,
  }
})
const wallets = [...known, ...Array.from({ length: 300 - known.length }, (_, i) => generateWallet(known.length + i))]
writeFileSync(join(here, 'wallets.json'), `${JSON.stringify(wallets, null, 1)}\n`)
console.log(`wrote ${wallets.length} wallets`)
