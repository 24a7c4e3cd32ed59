import type { FileRow } from "../rows";

/** A file as merchants see it (`GET /billing/files/list`, upload answer). */
export function serializeFile(f: FileRow) {
  return {
    id: f.id,
    organizationId: f.merchantId,
    name: f.name,
    mimeType: f.mimeType,
    size: Number(f.size),
    sizeReadable: readableSize(Number(f.size)),
    checksumSha256: f.checksumSha256,
    isUploaded: true,
    service: f.service ?? "downloadable",
    publicUrl: f.publicUrl ?? null,
    createdAt: f.createdAt,
  };
}

/** A file as a grant lists it (`properties.files` of a downloadables grant). */
export interface GrantedFile {
  fileId: string;
  name: string;
  size: number;
  mimeType: string;
}

export const grantedFile = (f: FileRow): GrantedFile => ({
  fileId: f.id,
  name: f.name,
  size: Number(f.size),
  mimeType: f.mimeType,
});

const UNITS = ["B", "kB", "MB", "GB", "TB"] as const;

/** 1536 -> "1.5 kB" (decimal steps of 1000, one decimal when under 10). */
export function readableSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}
