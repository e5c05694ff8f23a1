/** How an AppKit asset is drawn: networks as coins, connectors as app tiles. */
export interface AppKitAsset {
  kind: 'network' | 'connector'
  /** What the badge shows: the network's ticker or the connector's initials. */
  label: string
  /** Who the id stands for, for readers of this table. */
  name: string
}

/**
 * The image ids AppKit 1.7.10 ships and asks `/public/getAssetImage/{id}` for: its networks
 * (`PresetsUtil.NetworkImageIds`, plus the namespace images of `AssetUtil`) and its connectors
 * (`PresetsUtil.ConnectorImageIds`). Our backend draws its own badge for each (`assetBadgeSvg`);
 * nothing is fetched from the hosted service.
 */
export const APPKIT_ASSET_IMAGE_IDS: Record<string, AppKitAsset> = {
  'ba0ba0cd-17c6-4806-ad93-f9d174f17900': { kind: 'network', label: 'ETH', name: 'Ethereum (eip155:1, and the eip155 namespace)' },
  '3bff954d-5cb0-47a0-9a23-d20192e74600': { kind: 'network', label: 'ARB', name: 'Arbitrum One (42161)' },
  '30c46e53-e989-45fb-4549-be3bd4eb3b00': { kind: 'network', label: 'AVAX', name: 'Avalanche (43114)' },
  '93564157-2e8e-4ce7-81df-b264dbee9b00': { kind: 'network', label: 'BNB', name: 'BNB Smart Chain (56)' },
  '06b26297-fe0c-4733-5d6b-ffa5498aac00': { kind: 'network', label: 'FTM', name: 'Fantom (250)' },
  'ab9c186a-c52f-464b-2906-ca59d760a400': { kind: 'network', label: 'OP', name: 'OP Mainnet (10)' },
  '41d04d42-da3b-4453-8506-668cc0727900': { kind: 'network', label: 'POL', name: 'Polygon (137)' },
  'e86fae9b-b770-4eea-e520-150e12c81100': { kind: 'network', label: 'MNT', name: 'Mantle (5000)' },
  '6a97d510-cac8-4e58-c7ce-e8681b044c00': { kind: 'network', label: 'HBAR', name: 'Hedera (295)' },
  'e909ea0a-f92a-4512-c8fc-748044ea6800': { kind: 'network', label: 'SEP', name: 'Sepolia (11155111)' },
  'a18a7ecd-e307-4360-4746-283182228e00': { kind: 'network', label: 'BSEP', name: 'Base Sepolia (84532)' },
  '4eeea7ef-0014-4649-5d1d-07271a80f600': { kind: 'network', label: 'USEP', name: 'Unichain Sepolia (1301)' },
  '2257980a-3463-48c6-cbac-a42d2a956e00': { kind: 'network', label: 'UNI', name: 'Unichain (130)' },
  '0a728e83-bacb-46db-7844-948f05434900': { kind: 'network', label: 'MON', name: 'Monad Testnet (10143)' },
  '02b53f6a-e3d4-479e-1cb4-21178987d100': { kind: 'network', label: 'GNO', name: 'Gnosis (100)' },
  'f926ff41-260d-4028-635e-91913fc28e00': { kind: 'network', label: 'EVMOS', name: 'Evmos (9001)' },
  'b310f07f-4ef7-49f3-7073-2a0a39685800': { kind: 'network', label: 'ZK', name: 'ZKsync Era (324)' },
  '5a73b3dd-af74-424e-cae0-0de859ee9400': { kind: 'network', label: 'FIL', name: 'Filecoin (314)' },
  '34e68754-e536-40da-c153-6ef2e7188a00': { kind: 'network', label: 'IOTX', name: 'IoTeX (4689)' },
  '3897a66d-40b9-4833-162f-a2c90531c900': { kind: 'network', label: 'METIS', name: 'Metis (1088)' },
  '161038da-44ae-4ec7-1208-0ea569454b00': { kind: 'network', label: 'GLMR', name: 'Moonbeam (1284)' },
  'f1d73bb6-5450-4e18-38f7-fb6484264a00': { kind: 'network', label: 'MOVR', name: 'Moonriver (1285)' },
  '845c60df-d429-4991-e687-91ae45791600': { kind: 'network', label: 'ZORA', name: 'Zora (7777777)' },
  'ab781bbc-ccc6-418d-d32d-789b15da1f00': { kind: 'network', label: 'CELO', name: 'Celo (42220)' },
  '7289c336-3981-4081-c5f4-efc26ac64a00': { kind: 'network', label: 'BASE', name: 'Base (8453)' },
  '3ff73439-a619-4894-9262-4470c773a100': { kind: 'network', label: 'AURA', name: 'Aurora (1313161554)' },
  'b8101fc0-9c19-4b6f-ec65-f6dfff106e00': { kind: 'network', label: 'RON', name: 'Ronin (2020, 2021)' },
  'e329c2c9-59b0-4a02-83e4-212ff3779900': { kind: 'network', label: 'BERA', name: 'Berachain (80094)' },
  'fc2427d1-5af9-4a9c-8da5-6f94627cd900': { kind: 'network', label: 'ABS', name: 'Abstract (2741)' },
  'a1b58899-f671-4276-6a5e-56ca5bd59700': { kind: 'network', label: 'SOL', name: 'Solana (mainnet, devnet, testnet, and the solana namespace)' },
  '0b4838db-0161-4ffe-022d-532bf03dba00': { kind: 'network', label: 'BTC', name: 'Bitcoin (and the bip122 namespace)' },
  '39354064-d79b-420b-065d-f980c4b78200': { kind: 'network', label: 'TBTC', name: 'Bitcoin Testnet' },
  '07ba87ed-43aa-4adf-4540-9e6a2b9cae00': { kind: 'connector', label: 'BW', name: 'Browser Wallet (injected)' },
  'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400': { kind: 'connector', label: 'WC', name: 'WalletConnect' },
  '0c2840c3-5b04-4c44-9661-fbd4b49e1800': { kind: 'connector', label: 'CB', name: 'Coinbase (coinbaseWallet, coinbaseWalletSDK)' },
  '461db637-8616-43ce-035a-d89b8a1d5800': { kind: 'connector', label: 'S', name: 'Safe' },
  '54a1aa77-d202-4f8d-0fb2-5d2bb6db0300': { kind: 'connector', label: 'L', name: 'Ledger' },
}
