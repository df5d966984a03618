/**
 * Pure checks of a picked profile image, done in the browser before anything is sent: the same
 * rules the server applies (docs/api.md "POST /user/upload-img"), so a refusal is immediate.
 */

/** Spec §9 / server default `UPLOAD_MAX_BYTES`: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** How many leading bytes `detectImageType` needs. */
export const SNIFF_BYTES = 12;

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type recognised from a file's first bytes (PNG, JPEG, GIF, WebP), whatever its name; null otherwise. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

export const NOT_AN_IMAGE = "This file is not an image. Choose a PNG, JPEG, WebP or GIF file.";
export const TOO_LARGE = "This image is larger than 5 MB. Choose a smaller file.";
export const EMPTY_FILE = "This file is empty. Choose a PNG, JPEG, WebP or GIF file.";

/** Why a file of this size cannot be sent, or null when its size is fine. */
export function sizeProblem(size: number): string | null {
  if (size === 0) return EMPTY_FILE;
  if (size > MAX_IMAGE_BYTES) return TOO_LARGE;
  return null;
}

/** Upload progress as a whole percentage (0–100) from a fraction. */
export function progressPercent(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}

/** Two initials for the placeholder shown when there is no profile image ("Demo User" → "DU"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0]!, [...words.at(-1)!][0]!];
  return letters.join("").toUpperCase();
}

/** The message of a failed upload, fit to show to a person. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== "") return `Upload failed: ${error.message}`;
  return "Upload failed. Please try again.";
}
