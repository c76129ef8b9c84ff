/**
 * Where an S3 STORAGE_URL points, read without loading the AWS SDK: the server imports the SDK
 * only when the storage is S3 (it is ≈ 4 MB of heap that a folder-backed installation never uses).
 */
import { storageErrors } from '../../domain/storage/storage-error.ts';

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ('' for none). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/**
 * `s3://bucket[/prefix]?endpoint=http://127.0.0.1:9000&region=us-east-1&accessKeyId=…&secretAccessKey=…`;
 * credentials and region fall back to AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION.
 */
export function parseS3Url(url: string, env: NodeJS.ProcessEnv = {}): S3Location {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw storageErrors.invalidUrl(url.replace(/secretAccessKey=[^&]*/i, 'secretAccessKey=…'));
  }
  if (u.protocol !== 's3:') throw storageErrors.invalidUrl(u.protocol);
  if (u.hostname === '') throw storageErrors.noDefaultBucket();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(u.hostname)) throw storageErrors.invalidDefaultBucket(u.hostname);
  const q = u.searchParams;
  const get = (k: string) => q.get(k) ?? undefined;
  return {
    bucket: u.hostname,
    prefix: decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint: get('endpoint') ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL,
    region: get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    accessKeyId: get('accessKeyId') ?? env.AWS_ACCESS_KEY_ID,
    secretAccessKey: get('secretAccessKey') ?? env.AWS_SECRET_ACCESS_KEY,
    forcePathStyle: get('forcePathStyle') !== 'false',
  };
}
