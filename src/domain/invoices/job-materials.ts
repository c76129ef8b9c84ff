/**
 * What an invoice "from a job" needs of the job: its client, site and the materials used, each
 * priced from the inventory. The jobs feature owns jobs; this port reads them loosely, so an
 * install without jobs simply has none to bill.
 */
export interface BillableMaterial {
  itemId: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
}

export interface BillableJob {
  id: string;
  number: string;
  clientId: string;
  siteId: string | null;
  title: string;
  materials: BillableMaterial[];
}

export interface JobMaterials {
  billableJob(jobId: string): Promise<BillableJob | null>;
}
