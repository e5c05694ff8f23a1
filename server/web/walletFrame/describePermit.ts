import { getAddress } from 'viem'
import type { RequestRow } from './describeRequest.js'
import type { SignableTypedData } from './describeTypedData.js'
import { formatDeadline } from './formatDeadline.js'
import { MAX_UINT160, UNLIMITED_UINT256, unlimitedAmountWarning } from './unlimitedAmount.js'
import { t } from './frameText.js'

/** A primaryType (the first key) and the structs it uses, each as `name:type` fields. */
type Shape = Record<string, string[]>

/** EIP-2612 `permit`: an ERC-20 allowance given by signature. */
const EIP2612_PERMIT: Shape = { Permit: ['owner:address', 'spender:address', 'value:uint256', 'nonce:uint256', 'deadline:uint256'] }
/** Uniswap Permit2 AllowanceTransfer: one token's allowance, or several at once. */
const PERMIT2_DETAILS = ['token:address', 'amount:uint160', 'expiration:uint48', 'nonce:uint48']
const PERMIT2_SINGLE: Shape = {
  PermitSingle: ['details:PermitDetails', 'spender:address', 'sigDeadline:uint256'],
  PermitDetails: PERMIT2_DETAILS,
}
const PERMIT2_BATCH: Shape = {
  PermitBatch: ['details:PermitDetails[]', 'spender:address', 'sigDeadline:uint256'],
  PermitDetails: PERMIT2_DETAILS,
}
/** Uniswap Permit2 SignatureTransfer: one transfer the spender may make once. */
const PERMIT2_TRANSFER_FROM: Shape = {
  PermitTransferFrom: ['permitted:TokenPermissions', 'spender:address', 'nonce:uint256', 'deadline:uint256'],
  TokenPermissions: ['token:address', 'amount:uint256'],
}

type Message = Record<string, any>

/**
 * The plain-words rows of typed data that moves tokens: an EIP-2612 Permit or a Permit2
 * PermitSingle, PermitBatch or PermitTransferFrom, recognised by primaryType and fields. Each
 * names the token contract, the spender and the amount, and warns when the amount is unlimited
 * (2^255 or more; Permit2's max uint160). Other typed data gets no summary: its fields are on
 * the card all the same (`describeTypedData`).
 *
 * @param typedData - typed data `describeTypedData` accepted
 * @returns warning and summary rows, or `[]`
 *
 * @example
 * describePermit(permitOf({ spender, value: 2n ** 256n - 1n }))
 * // [{ label: 'Warning', value: 'Unlimited amount: …' }, { label: 'Action', value: 'Permit: …' }, …]
 */
export function describePermit(typedData: SignableTypedData): RequestRow[] {
  const { domain, primaryType } = typedData
  const types = typedData.types as Record<string, Array<{ name: string; type: string }>>
  const message = typedData.message as Message
  const is = (shape: Shape) =>
    primaryType === Object.keys(shape)[0] && Object.entries(shape).every(([name, fields]) => sameFields(types[name], fields))

  if (is(EIP2612_PERMIT)) {
    const value = BigInt(message.value)
    return [
      ...unlimitedAmountWarning(value, UNLIMITED_UINT256),
      { label: t('row.action'), value: t('value.permit') },
      // EIP-2612's token is the contract that verifies the signature.
      { label: t('row.tokenContract'), value: domain?.verifyingContract ? getAddress(domain.verifyingContract) : t('value.notNamed') },
      { label: t('row.spender'), value: getAddress(message.spender) },
      { label: t('row.tokenAmount'), value: value.toString() },
      { label: t('row.validUntil'), value: formatDeadline(BigInt(message.deadline)) },
    ]
  }
  if (is(PERMIT2_SINGLE) || is(PERMIT2_BATCH)) {
    const details: Message[] = Array.isArray(message.details) ? message.details : [message.details]
    const many = details.length > 1
    const numbered = (label: string, index: number) => (many ? t('row.numbered', { label, n: index + 1 }) : label)
    return [
      ...details.flatMap((detail, index) => unlimitedAmountWarning(BigInt(detail.amount), MAX_UINT160, many ? t('prefix.token', { n: index + 1 }) : '')),
      { label: t('row.action'), value: t('value.permit2Allowance') },
      { label: t('row.spender'), value: getAddress(message.spender) },
      ...details.flatMap((detail, index) => [
        { label: numbered(t('row.tokenContract'), index), value: getAddress(detail.token) },
        { label: numbered(t('row.tokenAmount'), index), value: BigInt(detail.amount).toString() },
        { label: numbered(t('row.allowanceExpires'), index), value: formatDeadline(BigInt(detail.expiration)) },
      ]),
      { label: t('row.signatureValidUntil'), value: formatDeadline(BigInt(message.sigDeadline)) },
    ]
  }
  if (is(PERMIT2_TRANSFER_FROM)) {
    const amount = BigInt(message.permitted.amount)
    return [
      ...unlimitedAmountWarning(amount, MAX_UINT160),
      { label: t('row.action'), value: t('value.permit2Transfer') },
      { label: t('row.tokenContract'), value: getAddress(message.permitted.token) },
      { label: t('row.spender'), value: getAddress(message.spender) },
      { label: t('row.tokenAmount'), value: amount.toString() },
      { label: t('row.validUntil'), value: formatDeadline(BigInt(message.deadline)) },
    ]
  }
  return []
}

/** The same fields whatever their order: a reordered struct hashes to another type, but still reads as this one. */
function sameFields(fields: Array<{ name: string; type: string }> | undefined, expected: string[]): boolean {
  if (!fields || fields.length !== expected.length) return false
  const actual = new Set(fields.map((field) => `${field.name}:${field.type}`))
  return expected.every((field) => actual.has(field))
}
