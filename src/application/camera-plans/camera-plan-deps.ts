import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import type { MountingLine } from '../../domain/planner/bill-of-materials.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import type { CameraPlanPdfRenderer } from '../../domain/planner/camera-plan-report.ts';
import type { PdfPageRasterizer } from '../../domain/planner/pdf-page-rasterizer.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';

/** The camera planner's bundle, registered once in container.ts. */
export interface CameraPlanDeps {
  plans: CameraPlanRepository;
  clients: Pick<ClientRepository, 'get' | 'getMany'>;
  inventory: Pick<InventoryRepository, 'getItem'>;
  files: FileStorage;
  pdf: CameraPlanPdfRenderer;
  clock: Clock;
  timeZone: string;
  mounting?: MountingLine;
  /** Without it, PDF floor plans are refused with a message asking for an image. */
  pdfPages?: PdfPageRasterizer;
}
