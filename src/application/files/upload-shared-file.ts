import { fileUploadMetadataSchema, type FileUploadMetadata } from '../../contracts/files.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ByteSource, StoredFile } from '../../domain/storage/file-storage.ts';
import { requireAccess } from '../shared/require-access.ts';
import { SHARED_FILES_ACCESS, SHARED_FILES_FOLDER, type SharedFilesDeps } from './shared-file-access.ts';
import { validationError } from '../shared/field-errors.ts';
import { TITLE_KEY } from '../../contracts/files.ts';
import { downloadFileName, typeForFileName } from '../../domain/storage/file-types.ts';
import { normalizeContentType } from '../../domain/storage/detect-content-type.ts';

/** One part of the multipart upload, as the HTTP layer hands it over (in request order). */
export type UploadPart =
  | { kind: 'field'; field: string; value: string }
  | { kind: 'file'; field: string; declaredType: string | undefined; data: ByteSource; discard: () => void; fileName?: string };

const invalid = (field: string, message: string) => new DomainError('validation', 'Some fields need attention.', { [field]: [message] });

function parseName(value: string): string {
  const name = value.trim();
  if (name === '' || name.length > 200) throw invalid('name', 'Give the file a name of at most 200 characters.');
  return name;
}

function parseMetadata(value: string): FileUploadMetadata {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw invalid('metadata', 'The metadata is not valid JSON.');
  }
  const parsed = fileUploadMetadataSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues,
    { key: (path) => ['metadata', ...path.map(String)].join('.'), unknownKeys: 'on-parent' },
    'The metadata needs attention.',
  );
}

/**
 * R-STO-5 upload: `name` and JSON `metadata` fields, then the `file` part, which streams into
 * storage (size, type and md5 checked on the way in by the port). Anything wrong with the
 * fields fails before a byte is stored; a part after the file removes what was stored.
 * The name is kept as typed (the list's title, "Price list 11/2026 (Hikvision)"); the file
 * downloads as a safe file name with its type's extension. The type comes from the picked
 * file's extension when it has a known one (browsers declare CSV as Excel, ODT as nothing),
 * else from what the browser declared; the storage checks it against the bytes either way.
 */
export async function uploadSharedFile(deps: SharedFilesDeps, auth: AuthState, parts: AsyncIterable<UploadPart>): Promise<StoredFile> {
  requireAccess(auth, SHARED_FILES_ACCESS.manage);
  let name: string | undefined;
  let metadata: FileUploadMetadata | undefined;
  let stored: StoredFile | undefined;
  try {
    for await (const part of parts) {
      if (stored !== undefined) throw invalid(part.field, 'Send the file as the last part of the form.');
      if (part.kind === 'field') {
        if (part.field === 'name') name = parseName(part.value);
        else if (part.field === 'metadata') metadata = parseMetadata(part.value);
        else throw invalid(part.field, 'Unknown field.');
        continue;
      }
      if (part.field !== 'file' || name === undefined || metadata === undefined) {
        part.discard();
        if (part.field !== 'file') throw invalid(part.field, 'Unknown field.');
        throw invalid(name === undefined ? 'name' : 'metadata', 'Send the name and the metadata before the file.');
      }
      const { contentType, customMetadata, ...headers } = metadata;
      const declared = contentType ?? typeForFileName(part.fileName) ?? part.declaredType;
      // The download route names the file again from the title and the type the bytes proved to be.
      const fileName = downloadFileName(name, declared === undefined ? '' : normalizeContentType(declared));
      stored = await deps.files.upload({ folder: SHARED_FILES_FOLDER, data: part.data, fileName, contentType: declared, customMetadata: { ...customMetadata, [TITLE_KEY]: name }, ...headers });
    }
  } catch (e) {
    if (stored !== undefined) await deps.files.delete(stored.fullPath).catch(() => undefined);
    throw e;
  }
  if (stored === undefined) throw invalid('file', 'Choose a file to upload.');
  return stored;
}
