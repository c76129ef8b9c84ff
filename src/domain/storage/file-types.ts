/**
 * The file types uploads know, one row each: what people call it, the extension a download of
 * it gets, and the container its bytes are in when the type itself cannot be told from them
 * (Word/Excel/OpenDocument files are ZIP or OLE2 archives; CSV is plain text). Sniffing
 * (detect-content-type.ts), the shared-files form, its list and download names all read this.
 */
export type Container = 'zip' | 'ole' | 'text';

export interface FileType {
  label: string;
  extension: string;
  container?: Container;
}

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  'application/pdf': { label: 'PDF', extension: 'pdf' },
  'image/jpeg': { label: 'JPEG image', extension: 'jpg' },
  'image/png': { label: 'PNG image', extension: 'png' },
  'image/webp': { label: 'WebP image', extension: 'webp' },
  'image/gif': { label: 'GIF image', extension: 'gif' },
  'image/heic': { label: 'HEIC image', extension: 'heic' },
  'image/heif': { label: 'HEIF image', extension: 'heif' },
  'image/avif': { label: 'AVIF image', extension: 'avif' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { label: 'Word document', extension: 'docx', container: 'zip' },
  'application/msword': { label: 'Word 97–2003 document', extension: 'doc', container: 'ole' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { label: 'Excel workbook', extension: 'xlsx', container: 'zip' },
  'application/vnd.ms-excel': { label: 'Excel 97–2003 workbook', extension: 'xls', container: 'ole' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { label: 'PowerPoint presentation', extension: 'pptx', container: 'zip' },
  'application/vnd.oasis.opendocument.text': { label: 'OpenDocument text', extension: 'odt', container: 'zip' },
  'application/vnd.oasis.opendocument.spreadsheet': { label: 'OpenDocument spreadsheet', extension: 'ods', container: 'zip' },
  'text/csv': { label: 'CSV', extension: 'csv', container: 'text' },
};

/** Office documents: accepted as shared files (templates, price lists), checked by their container. */
export const OFFICE_DOCUMENT_TYPES: readonly string[] = Object.keys(FILE_TYPES).filter((t) => FILE_TYPES[t]?.container !== undefined);

/** "Price list.XLSX" → the Excel type; undefined for extensions not in the table. */
export function typeForFileName(name: string | undefined): string | undefined {
  const ext = name?.match(/\.([A-Za-z0-9]{1,5})$/)?.[1]?.toLowerCase();
  if (ext === undefined) return undefined;
  if (ext === 'jpeg') return 'image/jpeg';
  return Object.keys(FILE_TYPES).find((t) => FILE_TYPES[t]?.extension === ext);
}

export const fileTypeLabel = (contentType: string): string => FILE_TYPES[contentType]?.label ?? contentType;

/**
 * The name a download is saved under: the title as typed, with what file systems refuse
 * (/ \ : * ? " < > | and control characters) made '-', and the type's extension added unless
 * the title already ends with it: "Price list 11/2026 (Hikvision)" → "Price list 11-2026 (Hikvision).pdf".
 */
export function downloadFileName(title: string, contentType: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').replace(/\s+/g, ' ').trim().replace(/^[.\s-]+/, '') || 'file';
  const ext = FILE_TYPES[contentType]?.extension;
  if (ext === undefined || typeForFileName(safe) === contentType) return safe;
  return `${safe}.${ext}`;
}
