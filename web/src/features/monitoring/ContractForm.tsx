import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  BILLING_CYCLES,
  CYCLE_LABELS,
  contractFormSchema,
  toContractForm,
  toContractRequest,
  type Contract,
  type ContractForm as FormValues,
} from '#contracts/monitoring.ts';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { inputClass } from '#ui/styles.ts';
import { mayDiscard } from '#ui/unsaved-changes.ts';
import { useSaveForm } from '#ui/use-save-form.ts';
import { clientQuery, clientSearchQuery, useSaveContract } from './queries.ts';
import { Options, SiteOptions } from '#ui/Options.tsx';
import { useCurrencySymbol, useMoneySettings } from '#ui/money.ts';
import { todayIso } from '#ui/dates.ts';
import { rootNotAtField } from '#lib/form-errors.ts';

const SERVER_FIELDS: Record<string, keyof FormValues> = {
  clientId: 'clientId',
  siteId: 'siteId',
  plan: 'plan',
  monthlyFeeCents: 'monthlyFee',
  taxRateBp: 'taxRate',
  billingCycle: 'billingCycle',
  centralStation: 'centralStation',
  accountNumber: 'accountNumber',
  startDate: 'startDate',
  endDate: 'endDate',
};


/** Create or edit a contract: pick a client, then one of its sites (prefills station and account). */
export function ContractForm(props: { contract: Contract | null; onDone: (saved: Contract | null) => void }) {
  const symbol = useCurrencySymbol();
  const money = useMoneySettings();
  const form = useForm<FormValues>({ resolver: zodResolver(contractFormSchema(money)), defaultValues: toContractForm(props.contract, todayIso()) });
  const { register, setValue, formState, control } = form;
  const save = useSaveContract(props.contract?.id ?? null);
  const onSubmit = useSaveForm(form, { save: (values) => save.mutateAsync(toContractRequest(values, money)), serverFields: SERVER_FIELDS, onSaved: props.onDone });
  const clientId = useWatch({ control, name: 'clientId' });
  const siteId = useWatch({ control, name: 'siteId' });
  const [clientText, setClientText] = useState('');
  const matches = useQuery({ ...clientSearchQuery(clientText.trim()), enabled: clientText.trim().length >= 2 });
  const client = useQuery(clientQuery(clientId));
  const errors = formState.errors;
  const idp = props.contract ? `contract-${props.contract.id}` : 'contract-new';

  const pickSite = (siteId: string) => {
    setValue('siteId', siteId, { shouldDirty: true, shouldValidate: true });
    const site = client.data?.sites.find((s) => s.id === siteId);
    if (site) {
      setValue('centralStation', site.alarm.centralStation, { shouldDirty: true });
      setValue('accountNumber', site.alarm.accountNumber, { shouldDirty: true });
    }
  };

  // A client with one site: that site (a contract is always for a site).
  const onlySite = client.data?.sites.length === 1 ? client.data.sites[0]!.id : null;
  useEffect(() => {
    if (onlySite && !siteId) pickSite(onlySite);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pickSite reads the same client; run when the client changes
  }, [onlySite]);

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={props.contract ? 'Edit contract' : 'New contract'}>
      <FormError error={rootNotAtField(errors)} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Client and site</legend>
        <div>
          <label htmlFor={`${idp}-client-search`} className="block text-sm font-medium">
            Client{' '}
            <span aria-hidden className="text-red-700">
              *
            </span>
          </label>
          {client.data ? (
            <p className="mt-1 flex items-center gap-2 text-sm">
              <span data-testid="picked-client">{client.data.name}</span>
              <button
                type="button"
                className="text-blue-700 underline dark:text-blue-300"
                onClick={() => {
                  setValue('clientId', '', { shouldDirty: true });
                  setValue('siteId', '', { shouldDirty: true });
                }}
              >
                Change
              </button>
            </p>
          ) : (
            <>
              <input
                id={`${idp}-client-search`}
                className={`${inputClass} mt-1 w-full`}
                type="search"
                value={clientText}
                onChange={(e) => setClientText(e.target.value)}
                placeholder="Type a name, e-mail or phone"
                aria-invalid={errors.clientId ? true : undefined}
                aria-describedby={errors.clientId ? `${idp}-client-error` : undefined}
              />
              {(matches.data?.items.length ?? 0) > 0 && (
                <ul className="mt-1 max-h-48 overflow-auto rounded-md border border-slate-200 dark:border-slate-800" aria-label="Matching clients">
                  {matches.data!.items.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className="block w-full px-3 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                        onClick={() => setValue('clientId', m.id, { shouldDirty: true, shouldValidate: true })}
                      >
                        {m.name}
                        {m.city ? `, ${m.city}` : ''}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {clientText.trim().length >= 2 && matches.data?.items.length === 0 && <p className="mt-1 text-sm text-slate-500">No client matches.</p>}
            </>
          )}
          {errors.clientId && (
            <p id={`${idp}-client-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.clientId.message}
            </p>
          )}
        </div>
        <Field label="Site" id={`${idp}-site`} error={errors.siteId?.message} required>
          <select id={`${idp}-site`} value={siteId} onChange={(e) => pickSite(e.target.value)} disabled={!client.data}>
            <SiteOptions placeholder={client.data ? 'Pick a site' : 'Pick a client first'} sites={client.data?.sites} />
          </select>
        </Field>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Plan" id={`${idp}-plan`} error={errors.plan?.message} required>
          <input id={`${idp}-plan`} {...register('plan')} placeholder="e.g. Monitoring Plus" />
        </Field>
        <Field label="Billing cycle" id={`${idp}-cycle`} error={errors.billingCycle?.message} required>
          <select id={`${idp}-cycle`} {...register('billingCycle')}>
            <Options values={BILLING_CYCLES} labels={CYCLE_LABELS} />
          </select>
        </Field>
        <Field label={`Monthly fee (${symbol})`} id={`${idp}-fee`} error={errors.monthlyFee?.message} required>
          <input id={`${idp}-fee`} inputMode="decimal" {...register('monthlyFee')} />
        </Field>
        <Field label="Tax rate (%)" id={`${idp}-tax`} error={errors.taxRate?.message}>
          <input id={`${idp}-tax`} inputMode="decimal" {...register('taxRate')} />
        </Field>
        <Field label="Central station" id={`${idp}-station`} error={errors.centralStation?.message}>
          <input id={`${idp}-station`} {...register('centralStation')} />
        </Field>
        <Field label="Account number" id={`${idp}-account`} error={errors.accountNumber?.message}>
          <input id={`${idp}-account`} {...register('accountNumber')} />
        </Field>
        <Field label="Start date" id={`${idp}-start`} error={errors.startDate?.message} required>
          <input id={`${idp}-start`} type="date" {...register('startDate')} />
        </Field>
        <Field label="End date" id={`${idp}-end`} error={errors.endDate?.message}>
          <input id={`${idp}-end`} type="date" {...register('endDate')} />
        </Field>
      </div>
      <SaveCancel submitting={formState.isSubmitting} submitLabel={props.contract ? 'Save changes' : 'Create contract'} onCancel={() => mayDiscard(formState.isDirty) && props.onDone(null)} />
    </form>
  );
}
