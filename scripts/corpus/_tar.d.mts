// Types of _tar.mjs, the corpus fetcher's tar reader.
export interface TarFile {
  path: string
  data: Buffer
}
export interface TarRefusal {
  path: string
  reason: string
}
export declare function readTarball(gz: Uint8Array): { files: TarFile[]; refused: TarRefusal[] }
export declare function safeRelative(name: string): string | null
