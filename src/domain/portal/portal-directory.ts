import type { Client } from '../clients/client.ts';
import type { MonitoringContract } from '../monitoring/monitoring-contract.ts';
import type { Proposal } from '../proposals/proposal.ts';

/**
 * What the client hub reads across areas by client: the clients whose contacts hold an e-mail,
 * and a client's proposals and monitoring contracts (their own repositories list by other keys).
 */
export interface PortalDirectory {
  /** Clients with a contact whose e-mail is `email` (normalised), exactly; by name. */
  clientsForEmail(email: string): Promise<Client[]>;
  proposalsOf(clientId: string, limit: number): Promise<Proposal[]>;
  contractsOf(clientId: string, limit: number): Promise<MonitoringContract[]>;
  /** The client of the proposal whose public token (current or former) this is; null when none. */
  proposalClientId(token: string): Promise<string | null>;
}

/** A service request a customer sent from the hub, kept beside its inbox message so staff can open a job from it. */
export interface ServiceRequest {
  messageId: string;
  clientId: string;
  siteId: string;
  title: string;
  details: string;
  jobId: string | null;
  /** The opened job's number, for the inbox's link to it (null before, and on requests linked before it was kept). */
  jobNumber?: string | null;
}

export interface ServiceRequestStore {
  add(request: ServiceRequest): Promise<void>;
  get(messageId: string): Promise<ServiceRequest | null>;
  /** Records the job opened from the request; conflict when one already was. */
  linkJob(messageId: string, jobId: string, jobNumber?: string): Promise<void>;
}
