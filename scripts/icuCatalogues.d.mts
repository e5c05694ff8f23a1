export declare const CATALOGUE: RegExp
export declare function compileMessage(message: string): unknown
export declare function compileCatalogue(json: string, file?: string): string
export declare function icuCataloguesPlugin(): { name: string; enforce: 'pre'; transform(code: string, id: string): { code: string; map: null } | null }
export declare function icuCataloguesEsbuildPlugin(): import('esbuild').Plugin
