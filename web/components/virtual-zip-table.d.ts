/** Built by infra/build/zip-table-plugin.ts in the format of zip-table-codec.ts. */
declare module 'virtual:zip-table' {
  export const names: string;
  export const rows: string;
  export const refs: string;
  export const states: string;
}
