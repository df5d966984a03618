/**
 * How every CLI reads the FILE it is given: as bytes, its size checked before it is read (a file
 * over the limit is never loaded), a missing or unreadable file named with the system's code.
 */
import { readFileSync, statSync } from "node:fs";
import { ServiceError } from "../services/errors";

/**
 * @param maxBytes - the largest file taken (the same limit as the HTTP upload)
 * @throws ServiceError "too_large" (`FILE is larger than N bytes`) or "invalid" (`cannot read FILE: ENOENT`, `EISDIR`, …)
 */
export function readCliFile(file: string, maxBytes: number): Uint8Array {
  let size: number;
  let bytes: Buffer;
  try {
    const stat = statSync(file);
    size = stat.size;
    // A folder has a size of its own; reading it is what fails (EISDIR), so it is read.
    if (size <= maxBytes || stat.isDirectory()) bytes = readFileSync(file);
  } catch (err) {
    throw new ServiceError("invalid", `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
  // The size is checked again on the bytes read: the file may have grown in between.
  if (size > maxBytes || bytes!.length > maxBytes) throw new ServiceError("too_large", `${file} is larger than ${maxBytes} bytes`);
  return new Uint8Array(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength);
}
