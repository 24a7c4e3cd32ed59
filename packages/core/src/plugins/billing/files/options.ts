import type { FileStorage } from "../benefit-grants/storage";

/** `billing({ files })`: the files of downloadables benefits (docs/billing/benefits-downloadables.md). */
export interface FileOptions {
  /** Where the bytes live. Default: `localFileStorage({ directory })`. */
  storage?: FileStorage;
  /** Directory of the default local storage. Default `.gatehouse/files` (relative to the process). */
  directory?: string;
  /**
   * Largest upload in bytes. Default 52428800 (50 MiB). The auth's `advanced.maxBodySize` (default
   * 1 MiB) is checked first on every request's declared length, so raise it too for larger files.
   */
  maxSize?: number;
  /** Seconds a signed download link stays valid. Default 3600 (1 h). */
  downloadExpiresIn?: number;
}

export const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;
export const DEFAULT_DOWNLOAD_EXPIRES_IN = 3600;
export const DEFAULT_FILES_DIRECTORY = ".gatehouse/files";
