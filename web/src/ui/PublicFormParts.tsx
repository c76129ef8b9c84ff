import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from './Button.tsx';
import { Field } from './Field.tsx';
import { honeypotClass } from './form-styles.ts';

/** The name and e-mail pair every public form starts with. */
export function NameEmailFields(props: {
  idPrefix: string;
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  errors: { name?: { message?: string | undefined } | undefined; email?: { message?: string | undefined } | undefined };
}) {
  const { idPrefix: id } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Name" id={`${id}-name`} error={props.errors.name?.message} required>
        <input id={`${id}-name`} autoComplete="name" {...props.name} />
      </Field>
      <Field label="E-mail" id={`${id}-email`} error={props.errors.email?.message} required>
        <input id={`${id}-email`} type="email" autoComplete="email" {...props.email} />
      </Field>
    </div>
  );
}

/** Hidden from people and assistive technology; bots that fill every input fill this one too. */
export function Honeypot(props: { id: string; field: UseFormRegisterReturn }) {
  return (
    <div className={honeypotClass} aria-hidden="true">
      <label htmlFor={props.id}>Leave this field empty</label>
      <input id={props.id} tabIndex={-1} autoComplete="off" {...props.field} />
    </div>
  );
}

/** A public form's send button ("Sending…" while it submits), with what follows it. */
export function SendButton(props: { submitting: boolean; label: string; children?: ReactNode }) {
  return (
    <div>
      <Button type="submit" disabled={props.submitting} size="lg">
        {props.submitting ? 'Sending…' : props.label}
      </Button>
      {props.children}
    </div>
  );
}
