import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBlocker } from '@tanstack/react-router';
import { MAX_DESCRIPTION_LENGTH, MAX_FILE_NAME_LENGTH, type StoredFileDto } from '#contracts/files.ts';
import { DEFAULT_UPLOAD_LIMITS, MAX_CUSTOM_METADATA_BYTES } from '#domain/storage/stored-file.ts';
import { FILE_TYPES, typeForFileName } from '#domain/storage/file-types.ts';
import { Field } from '#ui/Field.tsx';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { formatBytes, typeLabel, useUploadSharedFile } from './queries.ts';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';

export const DISCARD_UPLOAD = 'The upload form has unsaved changes. Discard them?';

interface UploadValues {
  name: string;
  description: string;
  file: FileList | null;
}

const ACCEPTED = DEFAULT_UPLOAD_LIMITS.allowedContentTypes ?? [];
const MAX_BYTES = DEFAULT_UPLOAD_LIMITS.maxBytes;
const ACCEPTED_LABEL = [...new Set(ACCEPTED.map(typeLabel))].join(', ');

/** The same checks the server makes, so most mistakes show before anything is sent. */
function checkFile(files: FileList | null): true | string {
  const file = files?.[0];
  if (file === undefined) return 'Choose a file to upload.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_BYTES) return `This file is ${formatBytes(file.size)}; files may be at most ${formatBytes(MAX_BYTES)}.`;
  // The extension decides when it is known (the server does the same): Windows calls a CSV an Excel file.
  if (ACCEPTED.length > 0 && !ACCEPTED.includes(typeForFileName(file.name) ?? file.type)) return `This type of file is not accepted. Upload one of: ${ACCEPTED_LABEL}.`;
  return true;
}

function checkDescription(s: string): true | string {
  const text = s.trim();
  if (text.length > MAX_DESCRIPTION_LENGTH) return `At most ${MAX_DESCRIPTION_LENGTH} characters.`;
  // Stored with the file's metadata, which has a byte budget (accented letters count double).
  if (new TextEncoder().encode(JSON.stringify({ description: text })).length > MAX_CUSTOM_METADATA_BYTES) return 'This description is too long to store; shorten it.';
  return true;
}

/** Server field names → the form's fields. */
const SERVER_FIELDS = { name: 'name', file: 'file', metadata: 'description', 'metadata.customMetadata': 'description' } as const;

/** Admins' upload: a file, the name people see, an optional description. */
export function UploadForm(props: { onDone: (saved: StoredFileDto | null) => void }) {
  const upload = useUploadSharedFile();
  const { register, handleSubmit, setError, setValue, getValues, formState, setFocus } = useForm<UploadValues>({
    defaultValues: { name: '', description: '', file: null },
  });
  const { errors, isDirty, isSubmitting } = formState;
  useEffect(() => setFocus('file'), [setFocus]);
  // Leaving the screen asks first; searching or sorting the list below (same path) keeps the form open.
  useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && isDirty && !isSubmitting && !window.confirm(DISCARD_UPLOAD),
    enableBeforeUnload: () => isDirty,
  });

  // The name filled in from the last picked file, replaced when another file is picked.
  const [autoName, setAutoName] = useState('');
  const fileField = register('file', {
    validate: checkFile,
    onChange: (e: { target: HTMLInputElement }) => {
      // The picked file's name is the default display name, unless one was typed.
      const picked = e.target.files?.[0];
      const current = getValues('name').trim();
      if (picked && (current === '' || current === autoName)) {
        const next = picked.name.slice(0, MAX_FILE_NAME_LENGTH);
        setAutoName(next);
        setValue('name', next, { shouldDirty: true });
      }
    },
  });

  const submit = handleSubmit(async (v) => {
    const file = v.file?.[0];
    if (file === undefined) return;
    try {
      const saved = await upload.mutateAsync({ name: v.name.trim(), description: v.description.trim(), file });
      props.onDone(saved);
    } catch (err) {
      const first = showServerErrors(err, setError, SERVER_FIELDS);
      if (first) setFocus(first);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Upload a shared file" className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="File" id="shared-file-file" required error={errors.file?.message}>
          <input id="shared-file-file" type="file" accept={[...ACCEPTED, ...ACCEPTED.map((t) => `.${FILE_TYPES[t]?.extension ?? ''}`)].join(',')} {...fileField} />
        </Field>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {ACCEPTED_LABEL}; at most {formatBytes(MAX_BYTES)}.
        </p>
      </div>
      <Field label="Name" id="shared-file-name" required error={errors.name?.message}>
        <input
          id="shared-file-name"
          type="text"
          autoComplete="off"
          {...register('name', {
            validate: (s) => (s.trim() === '' ? 'Give the file a name.' : s.trim().length > MAX_FILE_NAME_LENGTH ? `At most ${MAX_FILE_NAME_LENGTH} characters.` : true),
          })}
        />
      </Field>
      <Field label="Description (optional)" id="shared-file-description" error={errors.description?.message}>
        <input
          id="shared-file-description"
          type="text"
          autoComplete="off"
          {...register('description', { validate: checkDescription })}
        />
      </Field>
      <FormError error={rootNotAtField(errors)} className="sm:col-span-2" />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Uploading…' : 'Upload'}
        </Button>
        <Button variant="secondary" onClick={() => (!isDirty || window.confirm(DISCARD_UPLOAD)) && props.onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
