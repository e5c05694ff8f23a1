/** Bundles examples/vanilla into `outdir` (examples/vanilla/dist by default) with its index.html; resolves with the folder. */
export declare function buildVanilla(outdir?: string): Promise<string>
