// Types of the font tools the build (scripts/fontSubsets.ts) and its test use; they ship none.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: "woff2" | "woff" | "sfnt" | "truetype" },
  ): Promise<Uint8Array>;
}

declare module "fontverter" {
  export function convert(font: Uint8Array, toFormat: "sfnt" | "woff" | "woff2" | "truetype"): Promise<Uint8Array>;
}
