/**
 * Which files of the built bundle have compressed variants beside them: the build writes them
 * (scripts/compress-bundle.ts) and the server looks for them (bundle-files.ts) by the same rule.
 */
const COMPRESSIBLE = /\.(js|mjs|css|json|html|svg|txt)$/;

/** Smaller files go as they are: a compressed answer would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

export const isCompressible = (name: string, size: number) => COMPRESSIBLE.test(name) && size >= MIN_COMPRESSED_BYTES;
