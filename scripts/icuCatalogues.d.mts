export declare const CATALOGUE: RegExp
export declare function compileMessage(message: string): unknown
export declare function compileCatalogue(json: string, file?: string): string
export declare function icuCataloguesPlugin(): import('rollup').Plugin & { enforce: 'pre' }
export declare function icuCataloguesEsbuildPlugin(): import('esbuild').Plugin
export declare const catalogueOf: (id: string) => [string, string] | undefined
export declare function localeSwitch(code: string, id: string): string | null
