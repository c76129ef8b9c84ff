import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TemplateDto } from '#contracts/notifications.ts';
import { DEFAULT_TEMPLATES } from '#domain/notifications/notification-template.ts';
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

const same = (a: TemplateInput, b: TemplateInput) => a.subject === b.subject && a.body === b.body && (a.sms ?? '') === (b.sms ?? '');

function TemplateForm({ template }: { template: TemplateDto }) {
  const actions = useTemplateActions();
  const saved0: TemplateInput = { subject: template.subject, body: template.body, sms: template.sms };
  const byDefault: TemplateInput = (DEFAULT_TEMPLATES as Readonly<Record<string, TemplateInput | undefined>>)[template.key] ?? saved0;
  const [input, setInput] = useState<TemplateInput>(saved0);
  const [previewing, setPreviewing] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = !same(input, saved0);
  const failure = actions.save.error ?? actions.preview.error ?? actions.reset.error;
  const fieldError = (f: (typeof SHOWN)[number]) => (failure instanceof ApiRequestError ? failure.fields[f]?.join(' ') : undefined);
  const change = (patch: Partial<TemplateInput>) => {
    setInput((cur) => ({ ...cur, ...patch }));
    setSaved(false);
  };
  const { mutate: runPreview } = actions.preview;
  // The preview follows what is typed (not the saved or the default text), a moment after typing stops.
  useEffect(() => {
    if (!previewing) return;
    const t = setTimeout(() => runPreview({ key: template.key, input }), 300);
    return () => clearTimeout(t);
  }, [previewing, input, template.key, runPreview]);
  // A refused preview (an unknown placeholder) shows its messages at the fields, never the last good preview.
  const preview = previewing && !actions.preview.isError ? actions.preview.data : undefined;
  const status = saved
    ? 'Saved. New messages use this text.'
    : dirty
      ? same(input, byDefault)
        ? 'The default text is in the form, not saved yet: save to use it, or pick another template to keep the current one.'
        : preview
          ? 'Not saved yet: the preview shows what you typed; save to use it.'
          : 'Not saved yet: save to use it.'
      : template.customised && template.updatedAt
        ? `Edited by ${template.updatedBy ?? 'an admin'}, ${formatDateTime(template.updatedAt)}.`
        : 'This is the default text.';
  return (
    <form
      className="min-w-0 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        actions.preview.reset();
        // Saving the default text itself is a reset: the template follows future default wording again.
        if (template.customised && same(input, byDefault)) actions.reset.mutate(template.key, { onSuccess: () => setSaved(true) });
        else actions.save.mutate({ key: template.key, input }, { onSuccess: () => setSaved(true) });
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
        <Button type="submit" disabled={actions.save.isPending || actions.reset.isPending}>
          Save template
        </Button>
        <Button type="button" variant="secondary" disabled={previewing} onClick={() => { actions.save.reset(); setPreviewing(true); }}>
          Preview with sample data
        </Button>
        {!same(input, byDefault) && (
          <Button type="button" variant="ghost" disabled={confirmReset} onClick={() => setConfirmReset(true)}>
            Reset to default
          </Button>
        )}
      </div>
      {confirmReset && (
        <div role="alertdialog" aria-labelledby="tpl-reset-q" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900 dark:border-amber-800 dark:bg-amber-950 dark:text-slate-100">
          <p id="tpl-reset-q">Put the default text of “{template.label}” back in the form? Nothing changes for customers until you save; pick another template without saving to keep the current text.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={() => { change(byDefault); setConfirmReset(false); }}>
              Put the default text back
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setConfirmReset(false)}>
              Keep my text
            </Button>
          </div>
        </div>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="template-state">
        {status}
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
