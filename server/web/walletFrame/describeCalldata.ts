import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  getAddress,
  isAddress,
  isHex,
  parseAbi,
  type Address,
  type Hex,
} from 'viem'
import type { RequestRow } from './describeRequest.js'
import { formatDeadline } from './formatDeadline.js'
import { MAX_UINT160, UNLIMITED_UINT256, unlimitedAmountWarning } from './unlimitedAmount.js'
import { t } from './frameText.js'

const pick = <T extends { type: string; name?: string }>(abi: readonly T[], names: string[]) =>
  abi.filter((item) => item.type === 'function' && names.includes(item.name ?? ''))

/**
 * The calls a card reads. ERC-20 and ERC-721 share `approve` and `transferFrom` selectors, so
 * those decode once (as ERC-20's) and the card says the number may be an NFT's id.
 */
const KNOWN_CALLS = [
  ...pick(erc20Abi, ['transfer', 'approve', 'transferFrom']),
  ...pick(erc721Abi, ['safeTransferFrom', 'setApprovalForAll']),
  ...parseAbi([
    'function increaseAllowance(address spender, uint256 addedValue)',
    // Uniswap Permit2 AllowanceTransfer, sent to the Permit2 contract itself.
    'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  ]),
]

/**
 * What a contract call does, in rows a person can check: ERC-20 `transfer`, `approve`,
 * `transferFrom` and `increaseAllowance`, ERC-721 `safeTransferFrom` and `setApprovalForAll`, and
 * Permit2's `approve`, each naming the contract, the recipient or spender and the amount, with a
 * warning row first when the approval is unlimited. Any other data (or data that decodes but is
 * not exactly the encoding of what was decoded, e.g. with bytes appended) is flagged 'Unknown
 * contract call' and shown whole, never cut.
 *
 * @param to - the call's target, as the app sent it
 * @param data - the calldata, as the app sent it
 * @param prefix - names the call in a batch ('Call 2: '), before each label and warning
 * @returns rows; `[]` when there is no data
 *
 * @example
 * describeCalldata(usdc, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }))
 * // [{ label: 'Warning', value: 'Unlimited amount: …' }, { label: 'Action', value: 'Approve a spender' }, …]
 */
export function describeCalldata(to: unknown, data: unknown, prefix = ''): RequestRow[] {
  if (data === undefined || data === null || data === '0x') return []
  const label = (rows: RequestRow[]) =>
    rows.map((row) => (row.label === t('row.warning') ? { ...row, value: `${prefix}${row.value}` } : { ...row, label: `${prefix}${row.label}` }))
  const hex = typeof data === 'string' ? data : (JSON.stringify(data) ?? '')
  const length = Math.ceil((hex.length - 2) / 2)
  const sized = (label: string) => (isHex(hex, { strict: true }) ? t('row.withBytes', { label, count: length }) : label)
  if (to === undefined || to === null) {
    return label([
      { label: t('row.action'), value: t('value.createContract') },
      { label: sized(t('row.contractCode')), value: hex },
    ])
  }
  const decoded = typeof to === 'string' && isAddress(to, { strict: false }) ? decodeKnown(data) : undefined
  const known = decoded && describeKnown(getAddress(to as string), decoded.functionName, decoded.args)
  if (known) return label(known)
  return label([
    { label: t('row.warning'), value: t('value.unknownCall') },
    { label: sized(t('row.data')), value: hex },
  ])
}

function decodeKnown(data: unknown): { functionName: string; args: readonly unknown[] } | undefined {
  if (typeof data !== 'string' || !isHex(data, { strict: true })) return undefined
  // viem matches selectors in lowercase.
  const hex = data.toLowerCase() as Hex
  try {
    const { functionName, args } = decodeFunctionData({ abi: KNOWN_CALLS, data: hex })
    // Only data that is exactly this call's encoding: anything appended or padded differently is not what the rows say.
    if (encodeFunctionData({ abi: KNOWN_CALLS, functionName, args } as never) !== hex) return undefined
    return { functionName, args: args ?? [] }
  } catch {
    return undefined
  }
}

function describeKnown(contract: Address, functionName: string, args: readonly unknown[]): RequestRow[] | undefined {
  const address = (index: number) => getAddress(args[index] as Address)
  const amount = (index: number) => args[index] as bigint
  switch (`${functionName}/${args.length}`) {
    case 'transfer/2':
      return [
        { label: t('row.action'), value: t('value.sendTokens') },
        { label: t('row.tokenContract'), value: contract },
        { label: t('row.recipient'), value: address(0) },
        { label: t('row.tokenAmount'), value: amount(1).toString() },
      ]
    case 'approve/2':
      return [
        ...unlimitedAmountWarning(amount(1), UNLIMITED_UINT256),
        { label: t('row.action'), value: t('value.approveSpender') },
        { label: t('row.tokenContract'), value: contract },
        { label: t('row.spender'), value: address(0) },
        { label: t('row.tokenAmountOrNft'), value: amount(1).toString() },
      ]
    case 'increaseAllowance/2':
      return [
        ...unlimitedAmountWarning(amount(1), UNLIMITED_UINT256),
        { label: t('row.action'), value: t('value.raiseAllowance') },
        { label: t('row.tokenContract'), value: contract },
        { label: t('row.spender'), value: address(0) },
        { label: t('row.tokenAmountAdded'), value: amount(1).toString() },
      ]
    case 'approve/4':
      return [
        ...unlimitedAmountWarning(amount(2), MAX_UINT160),
        { label: t('row.action'), value: t('value.permit2Allowance') },
        { label: t('row.permit2Contract'), value: contract },
        { label: t('row.tokenContract'), value: address(0) },
        { label: t('row.spender'), value: address(1) },
        { label: t('row.tokenAmount'), value: amount(2).toString() },
        { label: t('row.allowanceExpires'), value: formatDeadline(BigInt(args[3] as number | bigint)) },
      ]
    case 'transferFrom/3':
      return [
        { label: t('row.action'), value: t('value.moveTokens') },
        { label: t('row.tokenContract'), value: contract },
        { label: t('row.from'), value: address(0) },
        { label: t('row.recipient'), value: address(1) },
        { label: t('row.tokenAmountOrNft'), value: amount(2).toString() },
      ]
    case 'safeTransferFrom/3':
    case 'safeTransferFrom/4': {
      const data = args[3] as Hex | undefined
      return [
        { label: t('row.action'), value: t('value.sendNft') },
        { label: t('row.nftContract'), value: contract },
        { label: t('row.from'), value: address(0) },
        { label: t('row.recipient'), value: address(1) },
        { label: t('row.nftId'), value: amount(2).toString() },
        ...(data && data !== '0x' ? [{ label: t('row.dataForRecipient'), value: data }] : []),
      ]
    }
    case 'setApprovalForAll/2': {
      // Unlimited in another way: every token of the collection, including those received later.
      const approved = args[1] === true
      return [
        ...(approved ? [{ label: t('row.warning'), value: t('value.allNftsWarning') }] : []),
        {
          label: t('row.action'),
          value: approved ? t('value.approveAllNfts') : t('value.revokeAllNfts'),
        },
        { label: t('row.nftContract'), value: contract },
        { label: t('row.operator'), value: address(0) },
      ]
    }
    default:
      return undefined
  }
}
