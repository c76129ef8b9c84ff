import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TemplateDto, TemplatePreviewDto } from '#contracts/notifications.ts';
import { ApiRequestError } from '#lib/api.ts';
import { Button } from '#ui/Button.tsx';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { LoadError } from '#ui/LoadError.tsx';
import { PageLoader } from '#ui/PageLoader.tsx';
import { formatDateTime } from '#ui/dates.ts';
import { templatesQuery, useTemplateActions, type TemplateInput } from './queries.ts';

const SHOWN = ['subject', 'body', 'sms'] as const;

/** The customer message templates (admins): pick one, edit, preview with sample data, save or reset. */
export function TemplateEditor() {
  const q = useQuery(templatesQuery);
  const [selected, setSelected] = useState<string | null>(null);
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <LoadError error={q.error} />;
  const current = q.data.find((t) => t.key === selected) ?? q.data[0]!;
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <nav aria-label="Templates">
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {q.data.map((t) => (
            <li key={t.key}>
              <button
                type="button"
                aria-current={t.key === current.key ? 'true' : undefined}
                onClick={() => setSelected(t.key)}
                className={`w-full rounded-md px-3 py-2 text-left text-sm ${t.key === current.key ? 'bg-blue-50 font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
              >
                {t.label}
                {t.customised && <span className="ml-1 text-xs font-normal text-slate-500">(edited)</span>}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <TemplateForm key={`${current.key}:${current.updatedAt ?? 'default'}`} template={current} />
    </div>
  );
}

function TemplateForm({ template }: { template: TemplateDto }) {
  const actions = useTemplateActions();
  const [input, setInput] = useState<TemplateInput>({ subject: template.subject, body: template.body, sms: template.sms });
  const [preview, setPreview] = useState<TemplatePreviewDto | null>(null);
  const [saved, setSaved] = useState(false);
  const failure = actions.save.error ?? actions.preview.error ?? actions.reset.error;
  const fieldError = (f: (typeof SHOWN)[number]) => (failure instanceof ApiRequestError ? failure.fields[f]?.join(' ') : undefined);
  const change = (patch: Partial<TemplateInput>) => {
    setInput((cur) => ({ ...cur, ...patch }));
    setSaved(false);
  };
  return (
    <form
      className="min-w-0 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        actions.preview.reset();
        actions.save.mutate({ key: template.key, input }, { onSuccess: () => setSaved(true) });
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{template.label}</h2>
      <FormError error={failure} shownFields={SHOWN} />
      <Field label="Subject" id="tpl-subject" error={fieldError('subject')} required>
        <input id="tpl-subject" value={input.subject} onChange={(e) => change({ subject: e.target.value })} maxLength={1000} />
      </Field>
      <Field label="Message" id="tpl-body" error={fieldError('body')} required>
        <textarea id="tpl-body" rows={10} value={input.body} onChange={(e) => change({ body: e.target.value })} />
      </Field>
      {template.sms !== null && (
        <Field label="SMS text (sent when SMS is set up)" id="tpl-sms" error={fieldError('sms')}>
          <textarea id="tpl-sms" rows={3} value={input.sms ?? ''} onChange={(e) => change({ sms: e.target.value })} />
        </Field>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Placeholders you can use: {template.placeholders.map((p) => <code key={p} className="mr-1 rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">{`{{${p}}}`}</code>)}
        <br />
        Every customer e-mail ends with the business&apos;s signature and an unsubscribe link; you do not need to add them.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={actions.save.isPending}>
          Save template
        </Button>
        <Button type="button" variant="secondary" disabled={actions.preview.isPending} onClick={() => { actions.save.reset(); actions.preview.mutate({ key: template.key, input }, { onSuccess: setPreview }); }}>
          Preview with sample data
        </Button>
        {template.customised && (
          <Button type="button" variant="ghost" disabled={actions.reset.isPending} onClick={() => actions.reset.mutate(template.key)}>
            Reset to default
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {saved ? 'Saved. New messages use this text.' : template.customised && template.updatedAt ? `Edited by ${template.updatedBy ?? 'an admin'}, ${formatDateTime(template.updatedAt)}.` : 'This is the default text.'}
      </p>
      {preview && (
        <section aria-label="Preview" className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <p className="text-sm text-slate-500">Subject</p>
          <p className="font-semibold text-slate-900 dark:text-white">{preview.subject}</p>
          <p className="mt-3 text-sm text-slate-500">Message</p>
          <p className="whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">{preview.body}</p>
          {preview.sms !== null && (
            <>
              <p className="mt-3 text-sm text-slate-500">SMS</p>
              <p className="break-words text-slate-800 dark:text-slate-200">{preview.sms}</p>
            </>
          )}
        </section>
      )}
    </form>
  );
}
