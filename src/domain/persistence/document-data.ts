import { invalidArgument } from './database-error.ts';
import { fieldNameProblem, META_FIELDS } from './field-path.ts';

/**
 * What a document may hold: JSON values (dates as ISO strings) plus geo points. Arrays may not
 * hold arrays (R-DB-2); every key is a valid field name (R-DB-1).
 */
export type Scalar = string | number | boolean | null;
export type DocumentValue = Scalar | GeoPoint | DocumentValue[] | { [key: string]: DocumentValue };
export type DocumentData = { [key: string]: DocumentValue };

export interface DocumentMeta {
  id: string;
  /** ISO-8601, set by the store. */
  createdAt: string;
  /** ISO-8601, set by the store on every write. */
  updatedAt: string;
}

export type StoredDocument<T extends DocumentData = DocumentData> = T & DocumentMeta;

/** R-DB-3: a latitude/longitude pair, checked when it is made. */
export class GeoPoint {
  readonly latitude: number;
  readonly longitude: number;

  constructor(latitude: number, longitude: number) {
    if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90)
      throw invalidArgument(`Latitude must be a number between -90 and 90, but was: ${latitude}`);
    if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
      throw invalidArgument(`Longitude must be a number between -180 and 180, but was: ${longitude}`);
    this.latitude = latitude;
    this.longitude = longitude;
  }

  isEqual(other: GeoPoint): boolean {
    return this.latitude === other.latitude && this.longitude === other.longitude;
  }

  toJSON(): { latitude: number; longitude: number } {
    return { latitude: this.latitude, longitude: this.longitude };
  }
}

// A reserved name (R-DB-1 forbids '__x__' for callers) marks an encoded geo point in storage.
const GEO_KEY = '__geopoint__';

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

function checkValue(value: unknown, path: string, inArray: boolean): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidArgument(`Unsupported field value at ${path}: numbers must be finite.`);
    return;
  }
  if (value instanceof GeoPoint) {
    // Re-check: a GeoPoint could have been built around the constructor (Object.create).
    new GeoPoint(value.latitude, value.longitude);
    return;
  }
  if (Array.isArray(value)) {
    if (inArray) throw invalidArgument(`Nested arrays are not supported (at ${path}).`);
    value.forEach((v, i) => checkValue(v, `${path}[${i}]`, true));
    return;
  }
  if (isPlainObject(value)) {
    checkFields(value, path);
    return;
  }
  const kind = value === undefined ? 'undefined' : value instanceof Date ? 'a Date (store an ISO string)' : typeof value;
  throw invalidArgument(`Unsupported field value at ${path}: ${kind}.`);
}

function checkFields(obj: Record<string, unknown>, parent: string): void {
  for (const [key, v] of Object.entries(obj)) {
    const path = parent ? `${parent}.${key}` : key;
    const problem = fieldNameProblem(key);
    if (problem) throw invalidArgument(`Invalid field name at ${path}: ${problem}.`);
    checkValue(v, path, false);
  }
}

/** R-DB-1..3 on a whole document; returns it without the store-managed fields. */
export function checkDocumentData(data: unknown): DocumentData {
  if (!isPlainObject(data)) throw invalidArgument('A document must be a plain object.');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!(META_FIELDS as readonly string[]).includes(k)) out[k] = v;
  checkFields(out, '');
  return out as DocumentData;
}

/** R-DB-1..3 on one value written at a path (update patches, increment `set`). */
export function checkFieldValue(value: unknown, path: string): DocumentValue {
  checkValue(value, path, false);
  return value as DocumentValue;
}

/** The JSON form adapters store: geo points become `{ __geopoint__: [lat, lng] }`. */
export type EncodedValue = Scalar | EncodedValue[] | { [key: string]: EncodedValue };

export function encodeValue(value: DocumentValue): EncodedValue {
  if (value instanceof GeoPoint) return { [GEO_KEY]: [value.latitude, value.longitude] };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, EncodedValue> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeValue(v);
    return out;
  }
  return value;
}

export function decodeValue(value: unknown): DocumentValue {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const geo = obj[GEO_KEY];
    if (Array.isArray(geo) && Object.keys(obj).length === 1) return new GeoPoint(Number(geo[0]), Number(geo[1]));
    const out: Record<string, DocumentValue> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = decodeValue(v);
    return out;
  }
  return value as Scalar;
}

export const encodeDocument = (data: DocumentData): Record<string, EncodedValue> =>
  encodeValue(data) as Record<string, EncodedValue>;

export const decodeDocument = (data: unknown): DocumentData => decodeValue(data) as DocumentData;

/**
 * decodeValue for data nobody else holds (just parsed from the database): encoded values (geo
 * points) are replaced where they stand instead of copying every object and array, which on
 * large reads (a year's tax report) was most of the time spent after JSON.parse.
 */
export function decodeOwnedValue(value: unknown): DocumentValue {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v !== null && typeof v === 'object') value[i] = decodeOwnedValue(v);
    }
    return value as DocumentValue;
  }
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const geo = obj[GEO_KEY];
    if (Array.isArray(geo) && Object.keys(obj).length === 1) return new GeoPoint(Number(geo[0]), Number(geo[1]));
    for (const k in obj) {
      const v = obj[k];
      if (v !== null && typeof v === 'object') obj[k] = decodeOwnedValue(v);
    }
    return obj as DocumentValue;
  }
  return value as Scalar;
}
