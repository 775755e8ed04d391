import { createNoopSigner, type Address, type Instruction } from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

/**
 * The instructions of an SPL token transfer from `from`'s associated token account to
 * `receiver`'s: that account is created first when it does not exist yet (idempotent, paid by
 * the sender), then a checked transfer moves `amount` (in the token's smallest units) and
 * makes the token program verify `decimals` against the mint.
 */
export async function splTransferInstructions(transfer: { from: Address; receiver: Address; mint: Address; amount: bigint; decimals: number }): Promise<Instruction[]> {
  const { from, receiver, mint, amount, decimals } = transfer
  const [source] = await findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return [
    // The wallet signs the whole transaction; the instruction only needs to know who pays.
    getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(from), ata: destination, owner: receiver, mint }),
    getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals }),
  ]
}
