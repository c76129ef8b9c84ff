import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_LABELS,
  ITEM_CATEGORIES,
  itemFormSchema,
  toItemForm,
  toItemRequest,
  type InventoryItemDto,
  type ItemForm as ItemFormValues,
} from '#contracts/inventory.ts';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { mayDiscard } from '#ui/unsaved-changes.ts';
import { useSaveForm } from '#ui/use-save-form.ts';
import { useSaveItem } from './queries.ts';
import { Options } from '#ui/Options.tsx';
import { useCurrencySymbol } from '#ui/money.ts';
import { rootNotAtField } from '#lib/form-errors.ts';

/** Server field names (cents, nested camera) mapped to the form's. */
const SERVER_FIELDS: Record<string, keyof ItemFormValues> = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  description: 'description',
  supplier: 'supplier',
  unitCostCents: 'unitCost',
  unitPriceCents: 'unitPrice',
  reorderPoint: 'reorderPoint',
  reorderQuantity: 'reorderQuantity',
  packSize: 'packSize',
  serialized: 'serialized',
  'camera.horizontalResolutionPx': 'resolution',
  'camera.horizontalFovDeg': 'fov',
  'camera.focalLengthMm': 'focalLength',
  'camera.sensorWidthMm': 'sensorWidth',
  camera: 'resolution',
};

export function ItemForm(props: { item: InventoryItemDto | null; onDone: (saved: InventoryItemDto | null) => void }) {
  const symbol = useCurrencySymbol();
  const form = useForm<ItemFormValues>({ resolver: zodResolver(itemFormSchema), defaultValues: toItemForm(props.item) });
  const { register, formState, control } = form;
  const save = useSaveItem(props.item?.id ?? null);
  const onSubmit = useSaveForm(form, { save: (values) => save.mutateAsync(toItemRequest(values)), serverFields: SERVER_FIELDS, onSaved: props.onDone });
  const isCamera = useWatch({ control, name: 'category' }) === 'camera';
  const errors = formState.errors;
  const idp = props.item ? `item-${props.item.id}` : 'item-new';

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={props.item ? 'Edit item' : 'New item'}>
      <FormError error={rootNotAtField(errors)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="SKU" id={`${idp}-sku`} error={errors.sku?.message} required>
          <input id={`${idp}-sku`} {...register('sku')} />
        </Field>
        <Field label="Category" id={`${idp}-category`} error={errors.category?.message} required>
          <select id={`${idp}-category`} {...register('category')}>
            <Options values={ITEM_CATEGORIES} labels={CATEGORY_LABELS} />
          </select>
        </Field>
      </div>
      <Field label="Name" id={`${idp}-name`} error={errors.name?.message} required>
        <input id={`${idp}-name`} {...register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Supplier" id={`${idp}-supplier`} error={errors.supplier?.message}>
          <input id={`${idp}-supplier`} {...register('supplier')} />
        </Field>
        <Field label="Pack size" id={`${idp}-pack`} error={errors.packSize?.message}>
          <input id={`${idp}-pack`} inputMode="numeric" {...register('packSize')} />
        </Field>
        <Field label={`Unit cost (${symbol})`} id={`${idp}-cost`} error={errors.unitCost?.message} required>
          <input id={`${idp}-cost`} inputMode="decimal" {...register('unitCost')} />
        </Field>
        <Field label={`Unit price (${symbol})`} id={`${idp}-price`} error={errors.unitPrice?.message} required>
          <input id={`${idp}-price`} inputMode="decimal" {...register('unitPrice')} />
        </Field>
        <Field label="Reorder point" id={`${idp}-rp`} error={errors.reorderPoint?.message} required>
          <input id={`${idp}-rp`} inputMode="numeric" {...register('reorderPoint')} />
        </Field>
        <Field label="Reorder quantity" id={`${idp}-rq`} error={errors.reorderQuantity?.message} required>
          <input id={`${idp}-rq`} inputMode="numeric" {...register('reorderQuantity')} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" {...register('serialized')} />
        Track serial numbers
      </label>
      {isCamera && (
        <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">Camera specs (for the camera planner)</legend>
          <Field label="Horizontal resolution (px)" id={`${idp}-res`} error={errors.resolution?.message} required>
            <input id={`${idp}-res`} inputMode="numeric" {...register('resolution')} />
          </Field>
          <Field label="Horizontal FOV (degrees)" id={`${idp}-fov`} error={errors.fov?.message}>
            <input id={`${idp}-fov`} inputMode="decimal" {...register('fov')} />
          </Field>
          <Field label="Focal length (mm)" id={`${idp}-focal`} error={errors.focalLength?.message}>
            <input id={`${idp}-focal`} inputMode="decimal" {...register('focalLength')} />
          </Field>
          <Field label="Sensor width (mm)" id={`${idp}-sensor`} error={errors.sensorWidth?.message}>
            <input id={`${idp}-sensor`} inputMode="decimal" {...register('sensorWidth')} />
          </Field>
        </fieldset>
      )}
      <Field label="Description" id={`${idp}-desc`} error={errors.description?.message}>
        <textarea id={`${idp}-desc`} rows={2} {...register('description')} />
      </Field>
      <SaveCancel submitting={formState.isSubmitting} submitLabel={props.item ? 'Save changes' : 'Create item'} onCancel={() => mayDiscard(formState.isDirty) && props.onDone(null)} />
    </form>
  );
}
